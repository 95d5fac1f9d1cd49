#!/usr/bin/env node
/**
 * Compiles the api once for production: `node dist/server.js` (the api) and `node dist/migrate.js`
 * (the migration job) run under plain node, with no TypeScript loader at run time.
 *
 * The workspace packages (@portal/shared-contracts) are TypeScript source, so they are bundled in.
 * esbuild is the one tsx already brings (no extra dependency). `--outdir <dir>` builds elsewhere
 * (the build test); the folder must sit inside api/ for node_modules and drizzle/ to be found.
 */
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild');

const args = process.argv.slice(2);
const outIndex = args.indexOf('--outdir');
const outdir = path.resolve(apiDir, outIndex >= 0 ? args[outIndex + 1] : 'dist');

/**
 * The api's own npm dependencies stay imports of node_modules (the image's production dependencies).
 * Everything else is bundled: our files, the workspace packages, and what those need that the api
 * does not depend on itself (react, for the contracts' platform context; only its definition is run).
 */
const ownDependencies = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')).dependencies ?? {}));
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@portal/') || !ownDependencies.has(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', migrate: 'src/migrate-cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalDependencies],
  metafile: true,
  logLevel: 'warning',
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
const bytes = files.reduce((n, f) => n + fs.statSync(path.resolve(apiDir, f)).size, 0);
console.log(`api build: ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB in ${path.relative(apiDir, outdir) || '.'} (${Date.now() - started} ms)`);
