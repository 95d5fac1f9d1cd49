// Development only: bundles dev/harness.tsx (no Module Federation) into dev/dist for screenshots.
import path from 'node:path';
import { rspack } from '@rspack/core';

const dir = import.meta.dirname;
export default {
  mode: 'development',
  context: dir,
  entry: { harness: './harness.tsx' },
  devtool: false,
  output: { path: path.join(dir, 'dist'), clean: true, publicPath: '/' },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
  module: {
    parser: { 'css/auto': { namedExports: false } },
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
    ],
  },
  plugins: [new rspack.HtmlRspackPlugin({ templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>harness</title></head><body><div id="root"></div></body></html>' })],
  experiments: { css: true },
};
