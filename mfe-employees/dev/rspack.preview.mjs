// Builds dev/preview.tsx into dev/dist as a plain page (no Module Federation). Development only.
import path from 'node:path';
import rspack from '@rspack/core';

const dir = path.join(import.meta.dirname, '..');
export default {
  mode: 'development',
  context: dir,
  entry: { preview: './dev/preview.tsx' },
  devtool: false,
  output: { path: path.join(dir, 'dev', 'dist'), publicPath: '/', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    parser: { 'css/auto': { namedExports: false } },
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
    ],
  },
  plugins: [new rspack.HtmlRspackPlugin({ templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>preview</title></head><body><div id="root"></div></body></html>' })],
  experiments: { css: true },
};
