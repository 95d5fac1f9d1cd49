// A remote's development harness (dev/): its pages on a plain page with a fake platform, no Module
// Federation, compiled by the same rules as the remote's real build.
import path from 'node:path';
import rspack from '@rspack/core';
import { RESOLVE, sourceModules } from './create-config.mjs';

/**
 * @param {object} o
 * @param {string} o.dir    the harness folder (import.meta.dirname of its config); builds into `dist/` there
 * @param {string} o.entry  the harness page's module, relative to `dir`
 * @param {string} o.title  the page title
 */
export function harnessConfig(o) {
  const name = path.basename(o.entry).replace(/\.[cm]?[jt]sx?$/, '');
  return {
    mode: 'development',
    context: o.dir,
    entry: { [name]: `./${o.entry}` },
    devtool: false,
    output: { path: path.join(o.dir, 'dist'), publicPath: '/', clean: true },
    resolve: RESOLVE,
    module: sourceModules({ reactDevelopment: false, refresh: false }),
    plugins: [
      new rspack.HtmlRspackPlugin({
        title: o.title,
        templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${o.title}</title></head><body><div id="root"></div></body></html>`,
      }),
    ],
    experiments: { css: true },
  };
}
