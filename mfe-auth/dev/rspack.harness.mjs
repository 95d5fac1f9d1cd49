// Builds dev/harness.tsx into dev/dist (development only; the remote's build is rspack.config.mjs).
import path from 'node:path';
import { rspack } from '@rspack/core';

const here = import.meta.dirname;

export default {
  mode: 'development',
  context: here,
  entry: { harness: './harness.tsx' },
  devtool: false,
  output: { path: path.join(here, 'dist'), clean: true },
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
  plugins: [new rspack.HtmlRspackPlugin({ title: 'mfe-auth harness', templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>mfe-auth harness</title></head><body><div id="root"></div></body></html>' })],
  experiments: { css: true },
};
