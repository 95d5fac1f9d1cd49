import { createConfig } from '@portal/deploy/rspack';
import { REMOTE_EXPOSES } from './exposes.config.mjs';

export default (env, argv) => {
  const config = createConfig({
    dir: import.meta.dirname,
    kind: 'remote',
    name: 'mfe_onboarding',
    port: 3002,
    exposes: REMOTE_EXPOSES,
    env,
    argv,
  });
  // CSS Modules are imported as `import styles from './x.module.css'` (shared-ui does the same);
  // Rspack's css parser only offers that default export with namedExports off.
  config.module.parser = {
    ...config.module.parser,
    'css/auto': { namedExports: false, ...config.module.parser?.['css/auto'] },
  };
  return config;
};
