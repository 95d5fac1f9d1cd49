import path from 'node:path';
import { createConfig, rspack } from '@portal/deploy/rspack';

const here = import.meta.dirname;

export default (env, argv) => {
  const config = createConfig({
    dir: here,
    kind: 'host',
    name: 'shell',
    port: 3000,
    // Installed before any remote is touched: failures are contained and retried from the first load.
    runtimePlugins: [path.join(here, 'src/remotes/runtime-plugin.ts'), path.join(here, 'src/remotes/retry-runtime-plugin.ts')],
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './src/index.html',
        favicon: './src/favicon.svg',
        title: 'Employer portal',
        scriptLoading: 'defer',
        minify: true,
      }),
    ],
    env,
    argv,
  });
  // `import styles from './x.module.css'` (shared-ui and the shell): CSS Modules as a default export.
  // Harmless if the shared config sets the same.
  config.module.parser = {
    ...config.module.parser,
    'css/auto': { namedExports: false, ...config.module.parser?.['css/auto'] },
  };
  return config;
};
