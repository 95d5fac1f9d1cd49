// One Rspack + Module Federation configuration for the shell and every remote, so that the shared
// singletons, the loaders and the output layout cannot drift apart between teams.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);

/** Versions the shared singletons are built against (from the workspace catalog, via this package). */
function versionOf(pkgDir, name) {
  try {
    const req = createRequire(path.join(pkgDir, 'package.json'));
    return JSON.parse(readFileSync(req.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * The modules that must exist once on the page. Everything here is loaded whole (shared modules are
 * not tree-shaken), so keep the list short and measure it.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@tanstack/react-query',
  'jotai',
  '@portal/shared-contracts',
  '@portal/shared-ui',
];
// Not shared, on purpose (docs/decisions/0006-shared-singletons.md):
// - react-router-dom: only the shell routes; remotes navigate through the platform. Shared, it weighed
//   62 KB gz whole; bundled in the shell it is tree-shaken.
// - zod: shared, it was loaded whole with its 40 locales and JSON-schema code (89 KB gz). It holds no
//   state that must be unique: schemas are plain objects, so each bundle keeps only what it uses.

export function sharedConfig(pkgDir) {
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    const base = name.startsWith('react/') || name.startsWith('react-dom/') ? name.split('/')[0] : name;
    const version = versionOf(pkgDir, base);
    shared[name] = {
      singleton: true,
      requiredVersion: version ? `^${version}` : false,
      version,
      strictVersion: false,
    };
  }
  return shared;
}

/**
 * Writes `build-info.json` next to the build so that publishing records exactly the version and
 * contracts version the bundle was compiled with (the same values the DefinePlugin bakes in).
 */
class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({ ...this.info, builtAt: new Date().toISOString() }, null, 2);
          compilation.emitAsset('build-info.json', new compiler.rspack.sources.RawSource(json));
        },
      );
    });
  }
}

export function gitCommit(cwd) {
  try {
    return execSync('git rev-parse --short=8 HEAD', { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'local';
  }
}

/**
 * @param {object} o
 * @param {string} o.dir            the package directory (import.meta.dirname of its config)
 * @param {'host'|'remote'} o.kind
 * @param {string} o.name           Module Federation name (shell, mfe_auth, ...)
 * @param {Record<string,string>} [o.exposes]  for remotes: { './LoginPage': './src/exposes/login-page.tsx' }
 * @param {number} o.port           dev server port
 * @param {string[]} [o.runtimePlugins]
 * @param {object} [o.env]          rspack CLI env
 * @param {object} [o.argv]         rspack CLI argv
 */
export function createConfig(o) {
  const mode = o.argv?.mode ?? process.env.NODE_ENV ?? 'production';
  const isProd = mode === 'production';
  const pkg = JSON.parse(readFileSync(path.join(o.dir, 'package.json'), 'utf8'));
  const contractsPkg = JSON.parse(readFileSync(path.join(o.dir, '..', 'shared-contracts', 'package.json'), 'utf8'));
  const buildVersion = process.env.BUILD_VERSION || `${pkg.version}-${gitCommit(o.dir)}`;

  /** @type {import('@rspack/core').Configuration} */
  const config = {
    mode,
    context: o.dir,
    entry: { main: './src/index.ts' },
    target: 'web',
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      publicPath: o.kind === 'host' ? '/' : 'auto',
      filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      uniqueName: o.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      // CSS Modules are imported as `import styles from './x.module.css'`: the class map must be the
      // default export, which Rspack's css parser gives only with named exports off.
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProd, refresh: !isProd && o.hmr !== false } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __BUILD_VERSION__: JSON.stringify(buildVersion),
        __CONTRACTS_VERSION__: JSON.stringify(contractsPkg.version),
        __MF_NAME__: JSON.stringify(o.name),
      }),
      new ModuleFederationPlugin({
        name: o.name,
        filename: o.kind === 'remote' ? 'remoteEntry.js' : undefined,
        exposes: o.exposes,
        remotes: o.kind === 'host' ? {} : undefined,
        shared: sharedConfig(o.dir),
        shareStrategy: 'loaded-first',
        runtimePlugins: o.runtimePlugins ?? [],
        manifest: o.kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // The shell provides the federation runtime once; remote entries use it instead of carrying
        // their own copy (about 19 KB gz less per remote). A remote therefore runs inside the shell only.
        experiments: o.kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true },
        dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
      }),
      new BuildInfoPlugin({
        name: pkg.name,
        mfName: o.name,
        kind: o.kind,
        version: buildVersion,
        contractsVersion: contractsPkg.version,
        commit: gitCommit(o.dir),
      }),
      ...(o.plugins ?? []),
    ],
    optimization: {
      minimize: isProd,
    },
    performance: { hints: false },
    devServer: {
      port: o.port,
      host: '127.0.0.1',
      hot: true,
      liveReload: false,
      historyApiFallback: o.kind === 'host',
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
      },
      client: { overlay: false },
      ...(o.devServer ?? {}),
    },
    experiments: { css: true },
  };
  return config;
}

export { rspack, require as requireFromDeploy };
