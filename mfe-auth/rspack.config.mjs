import { createConfig } from '@portal/deploy/rspack';
import { REMOTE_EXPOSES } from './exposes.config.mjs';

export default (env, argv) => {
  const config = createConfig({
    dir: import.meta.dirname,
    kind: 'remote',
    name: 'mfe_auth',
    port: 3001,
    exposes: REMOTE_EXPOSES,
    env,
    argv,
  });
  // CSS Modules are imported as `import styles from './x.module.css'` (shared-ui does the same), which
  // needs the class map as a default export rather than only as named exports.
  config.module.parser = {
    ...config.module.parser,
    'css/auto': { namedExports: false, ...config.module.parser?.['css/auto'] },
  };
  return config;
};
