// One Rspack + Module Federation configuration for the shell and every remote, so that the shared
// singletons, the loaders and the output layout cannot drift apart between teams.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { BootPreloadPlugin } from './boot-preload-plugin.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { SHARED_FROM_SHELL, SHARED_SINGLETONS, bootChunkFiles, packageDirOf } from './shared-modules.mjs';

/** Versions the shared singletons are built against (from the workspace catalog, via the package). */
function versionOf(pkgDir, name) {
  try {
    const req = createRequire(path.join(pkgDir, 'package.json'));
    return JSON.parse(readFileSync(req.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** A package's files in node_modules, pnpm's layout included. */
const inPackages = (names) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(?:${names.join('|')})[\\\\/]`);

/**
 * The shell's chunks on the login page's path, merged so that the page loads few files: React in one
 * (it changes only with an upgrade), everything else the first page needs in the chunk that boots it
 * (`boot`, the shell's `import('./bootstrap')`). What the login page does not run (the router, the
 * signed-in layouts, menus, popovers and modals with their Radix parts, react-query, telemetry) keeps
 * its own lazily loaded chunks: `boot` holds exactly the files of the packages' `portal.boot` entries
 * and what they import (shared-modules.mjs), no zod, no schema, no Radix (docs/decisions/0038).
 */
function loginPathGroups() {
  const boot = bootChunkFiles();
  return {
    react: { test: inPackages(['react', 'react-dom', 'scheduler']), name: 'react', chunks: 'all', enforce: true, priority: 30 },
    boot: {
      test: (module) => boot.has(module.nameForCondition?.() ?? ''),
      name: 'boot',
      chunks: 'all',
      enforce: true,
      priority: 20,
    },
  };
}

/** @param {string} pkgDir @param {'host'|'remote'} kind */
export function sharedConfig(pkgDir, kind) {
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    // The package a subpath entry (react/jsx-runtime, @portal/shared-ui/data) belongs to.
    const base = name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
    const version = versionOf(pkgDir, base);
    shared[name] = {
      singleton: true,
      requiredVersion: version ? `^${version}` : false,
      version,
      strictVersion: false,
      ...(kind === 'remote' && SHARED_FROM_SHELL.includes(name) ? { import: false } : {}),
    };
  }
  return shared;
}

/**
 * The shell provides every module of SHARED_FROM_SHELL that is shared, also one its own code does
 * not import (yet, or any more): a module the build never reaches is not provided, and a remote that
 * takes it from the shell would then fail to load its page. A module of never-called
 * `require.resolveWeak` calls, one per module, makes the build reach each without putting it in a
 * chunk of its own: the provided copy is fetched only when a remote asks for it, and the shell's own
 * chunks stay as they were (only the list itself is added to the shell's main chunk).
 */
class SharedFromShellPlugin {
  constructor(names) {
    this.names = names;
  }
  apply(compiler) {
    const source = `export function sharedFromShell() {\n  return [${this.names.map((n) => `require.resolveWeak(${JSON.stringify(n)})`).join(', ')}];\n}\n`;
    // A file in the package's folder, so that the imports resolve from the shell's dependencies.
    const file = path.join(compiler.context, '__shared-from-shell.js');
    new compiler.rspack.experiments.VirtualModulesPlugin({ [file]: source }).apply(compiler);
    new compiler.rspack.EntryPlugin(compiler.context, file, { name: undefined }).apply(compiler);
  }
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

/**
 * Every remote container records the build it belongs to in `self.__PORTAL_BUILDS__[name]` when it
 * runs, so the shell can show (About, `data-release-marker` on the remote's slot) which code is
 * really on the page rather than which version it asked for.
 */
class BuildStampPlugin {
  constructor(name, version) {
    this.name = name;
    this.version = version;
  }
  apply(compiler) {
    const source = `(self.__PORTAL_BUILDS__ = self.__PORTAL_BUILDS__ || {})[${JSON.stringify(this.name)}] = ${JSON.stringify(this.version)};`;
    new compiler.rspack.EntryPlugin(compiler.context, `data:text/javascript,${encodeURIComponent(source)}`, { name: undefined }).apply(compiler);
  }
}

/**
 * Development only, remotes only. Inside a portal the page's entry is the shell's, so the HMR client,
 * the React Refresh runtime and a small bridge must travel in the container (`remoteEntry.js`)
 * itself: the bridge tells the host page, after every applied update, that this remote changed
 * (`portal:remote-updated`). A host whose React can refresh in place (a development build) ignores
 * it; a deployed portal runs production React, which cannot, and reloads the remote's container
 * instead: the remote re-renders with the new code, the page itself is not reloaded.
 */
class RemoteHotBridgePlugin {
  constructor(name) {
    this.name = name;
  }
  apply(compiler) {
    const source = `
      var gen = (self.__PORTAL_HOT_REMOTES__ = self.__PORTAL_HOT_REMOTES__ || {});
      var mine = (gen[${JSON.stringify(this.name)}] || 0) + 1;
      gen[${JSON.stringify(this.name)}] = mine;
      if (import.meta.webpackHot) {
        var applied = false;
        import.meta.webpackHot.addStatusHandler(function (status) {
          if (status === 'apply') applied = true;
          // 'abort' / 'fail': the update could not be applied in this copy; a fresh one will have it.
          var changed = (status === 'idle' && applied) || status === 'abort' || status === 'fail';
          if (status === 'idle' || status === 'abort' || status === 'fail') applied = false;
          // An older copy of this container (before a reload) stays connected: only the newest speaks.
          if (changed && gen[${JSON.stringify(this.name)}] === mine) {
            self.dispatchEvent(new CustomEvent('portal:remote-updated', { detail: { name: ${JSON.stringify(this.name)} } }));
          }
        });
      }
    `;
    // A global entry (no name) is prepended to every entry, the container's included, like the dev
    // server's HMR client and the React Refresh runtime; the container module stays last, so it is
    // still what remoteEntry.js exports.
    new compiler.rspack.EntryPlugin(compiler.context, `data:text/javascript,${encodeURIComponent(source)}`, { name: undefined }).apply(compiler);
  }
}

/**
 * The federation runtime's CommonJS files. The federation plugin injects its runtime by the path
 * `require.resolve` gives, the CommonJS build, whose modules rspack keeps whole: the shell's main
 * chunk and every remoteEntry.js carried all of the sdk, error messages and helpers. Each of these
 * files is compiled from its ES module twin beside it (`x.cjs` -> `x.js`, the same code), which rspack
 * tree-shakes (what it saves: docs/decisions/0038).
 */
const FEDERATION_RUNTIME_CJS =
  /[\\/]@module-federation[\\/](?:sdk|runtime|runtime-core|runtime-tools|webpack-bundler-runtime|error-codes|inject-external-runtime-core-plugin)[\\/]dist[\\/].*\.cjs$/;

/** Swaps a federation runtime CommonJS file for its ES module twin (see FEDERATION_RUNTIME_CJS). */
function federationRuntimeAsModules(rspackLib) {
  return new rspackLib.NormalModuleReplacementPlugin(FEDERATION_RUNTIME_CJS, (data) => {
    const file = data.createData?.resource;
    if (file && existsSync(file.replace(/\.cjs$/, '.js'))) data.createData.resource = file.replace(/\.cjs$/, '.js');
  });
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const PORTAL_PACKAGE = /[\\/]node_modules[\\/]@portal[\\/][^\\/]+[\\/]src[\\/]/;

export const RESOLVE = {
  extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * react-router's package exports name only its development build (`dist/development`: dev warnings on
 * the console, extra checks; remix-run/react-router#12532, #14102), whatever the bundler's mode. A
 * production build takes `dist/production` instead, the same code without them. Empty when the
 * package (reached through react-router-dom, as the shell does) is not installed or has moved its files.
 * @param {string} pkgDir
 */
export function reactRouterProduction(pkgDir) {
  try {
    const fromDom = createRequire(createRequire(path.join(pkgDir, 'package.json')).resolve('react-router-dom/package.json'));
    const dir = path.join(path.dirname(fromDom.resolve('react-router/package.json')), 'dist', 'production');
    const index = path.join(dir, 'index.mjs');
    const dom = path.join(dir, 'dom-export.mjs');
    if (!existsSync(index) || !existsSync(dom)) return {};
    return { 'react-router$': index, 'react-router/dom$': dom };
  } catch {
    return {};
  }
}

/**
 * How sources, styles and images are compiled, for the portal's builds and the development harnesses
 * alike, so a page looks the same in both.
 * @param {{ reactDevelopment: boolean, refresh: boolean }} o
 */
export function sourceModules(o) {
  return {
    // CSS Modules are imported as `import styles from './x.module.css'`: the class map must be the
    // default export, which Rspack's css parser gives only with named exports off.
    parser: { 'css/auto': { namedExports: false } },
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        // The portal's packages ship TypeScript sources: installed from their packed tarballs (a remote
        // built outside this repository) they sit under node_modules and are compiled like its own files.
        exclude: (file) => NODE_MODULES.test(file) && !PORTAL_PACKAGE.test(file),
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: o.reactDevelopment, refresh: o.refresh } },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      // A federation runtime file swapped for its ES module twin is parsed as what it now is.
      { test: FEDERATION_RUNTIME_CJS, type: 'javascript/auto' },
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset' },
    ],
  };
}

function gitCommit(cwd) {
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
 * @param {object} [o.app]          for a remote added after the shell was built: { mfName, feature, routes }, written to build-info.json
 * @param {boolean} [o.hmr]         false turns hot updates off in development
 * @param {import('@rspack/core').RspackPluginInstance[]} [o.plugins]  added after the shared ones
 * @param {object} [o.devServer]    merged over the shared dev server options
 * @param {object} [o.env]          rspack CLI env
 * @param {object} [o.argv]         rspack CLI argv
 */
export function createConfig(o) {
  const mode = o.argv?.mode ?? process.env.NODE_ENV ?? 'production';
  const isProd = mode === 'production';
  // Hot updates in development (`rspack serve`); `hmr: false` opts a package out.
  const hot = !isProd && o.hmr !== false;
  // `pnpm dev <remote> --port N` (scripts/dev.mjs) moves the dev server, and its HMR socket with it.
  const port = Number(process.env.DEV_PORT) || o.port;
  // `pnpm release publish` builds into a folder of its own so the working tree stays untouched.
  const outDir = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(o.dir, 'dist');
  const pkg = JSON.parse(readFileSync(path.join(o.dir, 'package.json'), 'utf8'));
  // The contracts this package is built against: the workspace's, or the packed copy a remote built
  // outside the repository installed. Its version is what the shell's major check reads.
  const contractsPkg = JSON.parse(readFileSync(path.join(packageDirOf('@portal/shared-contracts', o.dir), 'package.json'), 'utf8'));
  const buildVersion = process.env.BUILD_VERSION || `${pkg.version}-${gitCommit(o.dir)}`;

  /** @type {import('@rspack/core').Configuration} */
  const config = {
    mode,
    context: o.dir,
    entry: { main: './src/index.ts' },
    target: 'web',
    // No eval-based source maps: a development remote runs inside the portal, whose CSP has no 'unsafe-eval'.
    devtool: isProd ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: o.kind === 'host' ? '/' : 'auto',
      filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      uniqueName: o.name,
      clean: true,
    },
    resolve: isProd ? { ...RESOLVE, alias: reactRouterProduction(o.dir) } : RESOLVE,
    // A remote renders with the host's React (a shared singleton), which is a production build in a
    // deployed portal: its JSX goes through the shared `react/jsx-runtime`, never a bundled
    // `jsx-dev-runtime` that needs React's development internals.
    module: sourceModules({ reactDevelopment: !isProd && o.kind === 'host', refresh: hot }),
    plugins: [
      new rspack.DefinePlugin({
        __BUILD_VERSION__: JSON.stringify(buildVersion),
        __CONTRACTS_VERSION__: JSON.stringify(contractsPkg.version),
        __MF_NAME__: JSON.stringify(o.name),
        // True in a development build with hot updates: React can then refresh components in place.
        __REACT_REFRESH__: JSON.stringify(hot),
      }),
      new ModuleFederationPlugin({
        name: o.name,
        filename: o.kind === 'remote' ? 'remoteEntry.js' : undefined,
        exposes: o.exposes,
        remotes: o.kind === 'host' ? {} : undefined,
        shared: sharedConfig(o.dir, o.kind),
        shareStrategy: 'loaded-first',
        runtimePlugins: o.runtimePlugins ?? [],
        manifest: o.kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // The shell provides the federation runtime once; remote entries use it instead of carrying
        // their own copy. A remote therefore runs inside the shell only. Both drop the runtime's
        // Node.js paths (`optimization.target: 'web'`), which a browser never runs. `disableSnapshot`
        // is not used: the snapshot plugin is what reads a remote's mf-manifest.json, and the shell
        // keeps all of the runtime core for the remotes.
        // What each choice weighs: docs/decisions/0038-how-the-login-page-stays-small.md.
        experiments:
          o.kind === 'host'
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : { externalRuntime: true, optimization: { target: 'web' } },
        dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
      }),
      federationRuntimeAsModules(rspack),
      new BuildInfoPlugin({
        name: pkg.name,
        mfName: o.name,
        kind: o.kind,
        version: buildVersion,
        contractsVersion: contractsPkg.version,
        commit: gitCommit(o.dir),
        ...(o.app ? { app: o.app } : {}),
      }),
      // Provides the React Refresh runtime (`$RefreshReg$`, boundaries) the swc transform calls into.
      ...(hot ? [new ReactRefreshRspackPlugin({ library: o.name })] : []),
      ...(hot && o.kind === 'remote' ? [new RemoteHotBridgePlugin(o.name)] : []),
      ...(o.kind === 'remote' ? [new BuildStampPlugin(o.name, buildVersion)] : []),
      ...(o.kind === 'host' ? [new SharedFromShellPlugin(SHARED_SINGLETONS.filter((n) => SHARED_FROM_SHELL.includes(n)))] : []),
      ...(o.plugins ?? []),
      // The chunks every route of the portal runs first: React, the login path's group, the shell's boot.
      ...(o.kind === 'host' && isProd ? [new BootPreloadPlugin(['react', 'boot', 'shell'])] : []),
      ...(isProd ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: isProd,
      ...(o.kind === 'host' && isProd ? { splitChunks: { cacheGroups: loginPathGroups() } } : {}),
      // A remote's exposed module is one chunk with its own dependencies (those not shared), so the
      // first visit to its page fetches the manifest, remoteEntry.js and that chunk. Two pages of one
      // remote may then each carry a copy of a dependency (zod, react-hook-form): a page pays for
      // what it renders, and never for a chunk another page split off (docs/decisions/0038).
      ...(o.kind === 'remote' && isProd ? { splitChunks: false } : {}),
    },
    performance: { hints: false },
    // Rspack rebuilds 5 ms after the first change it sees. An editor's save can be two changes (the
    // file emptied, then written); seen apart they make two rebuilds, the first of a broken module,
    // and a page that applied neither asks for an update the server no longer has ("Cannot find
    // update", a full reload). 200 ms takes a save as one change and is not felt.
    ...(!isProd ? { watchOptions: { aggregateTimeout: 200 } } : {}),
    devServer: {
      port,
      host: 'localhost',
      hot: hot ? 'only' : false,
      liveReload: false,
      historyApiFallback: o.kind === 'host',
      // A deployed portal (another origin) loads this server's manifest, entry and chunks.
      allowedHosts: 'all',
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        // The portal re-fetches the container after an update: never answer it from a cache.
        'Cache-Control': 'no-store',
      },
      client: {
        overlay: false,
        // The page is the portal's, not this server's: the HMR socket must not follow the page's origin.
        webSocketURL: { protocol: 'ws', hostname: 'localhost', port, pathname: '/ws' },
      },
      ...(o.devServer ?? {}),
    },
    experiments: { css: true },
  };
  return config;
}

export { rspack };
