import path from 'node:path';
import { createConfig, rspack } from '@portal/build-config';

const here = import.meta.dirname;

export default (env, argv) =>
  createConfig({
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
        // The product's name (MESSAGES.product.name) until the first route names its page.
        title: 'Commute Portal',
        scriptLoading: 'defer',
        minify: true,
      }),
    ],
    env,
    argv,
  });
