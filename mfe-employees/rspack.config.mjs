import { createConfig } from '@portal/deploy/rspack';
import { REMOTE_EXPOSES } from './exposes.config.mjs';

export default (env, argv) => {
  const config = createConfig({
    dir: import.meta.dirname,
    kind: 'remote',
    name: 'mfe_employees',
    port: 3003,
    exposes: REMOTE_EXPOSES,
    env,
    argv,
  });
  // CSS Modules are imported as `import styles from './x.module.css'` (here and in shared-ui);
  // Rspack 2 defaults to named exports only, so ask for the default export object too.
  config.module.parser = {
    ...config.module.parser,
    'css/auto': { namedExports: false, ...config.module.parser?.['css/auto'] },
  };
  return config;
};
