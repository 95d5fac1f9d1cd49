#!/usr/bin/env node
/**
 * Compiles the portal server (`src/server.ts`, the api embedded) and the release CLI
 * (`src/cli/release.ts`) once, so that `scripts/launch.mjs` starts them under plain node instead of
 * compiling every file through tsx at each start (docs/decisions/0069, addendum).
 *
 * Each entry becomes one file, dist/<name>.js, with every TypeScript source of the workspace in it
 * (deploy, the api, shared-contracts). npm packages are not bundled: each import of one is written as
 * the absolute path of the very file node would load for the importing package, so a package that
 * only the api depends on is found from deploy/dist as it is from api/src. `import.meta.url`,
 * `.dirname` and `.filename` keep their source file's values outside the entry itself: what the
 * sources find relative to themselves (the repository root, api/drizzle, the api's fonts) is found
 * the same way. dist/<name>.meta.json lists the inputs; launch.mjs uses the build only while none of
 * them, nor pnpm-lock.yaml, is newer than it.
 *
 * `--if-stale` builds only the entries that are not fresh.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ENTRIES, isFresh } from './built.mjs';

const deployDir = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild');

const onlyStale = process.argv.includes('--if-stale');

/** npm packages stay outside, imported by the absolute path node itself would resolve. */
const packagesByPath = {
  name: 'packages-by-path',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'packages-by-path' || args.path.startsWith('node:')) return undefined;
      if (args.path.startsWith('@portal/')) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'packages-by-path' });
      if (found.errors.length > 0) return { errors: found.errors };
      if (found.external || !found.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: found.path, external: true };
    });
  },
};

/**
 * `import.meta` in a module other than the entry names that module's source file. The entry's own
 * (the CLI's "am I the command that was run" check) names the built file, which is what was run.
 */
function sourceLocations(entry) {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (args.path === entry || !text.includes('import.meta.')) return { contents: text, loader: 'ts' };
        const contents = text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}

fs.mkdirSync(DIST, { recursive: true });
for (const [name, source] of Object.entries(ENTRIES)) {
  if (onlyStale && isFresh(name)) continue;
  const started = Date.now();
  const entry = path.join(deployDir, source);
  const outfile = path.join(DIST, `${name}.js`);
  const result = await esbuild.build({
    absWorkingDir: deployDir,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // What node itself matches in a package's exports and main fields, nothing more.
    conditions: ['node'],
    mainFields: ['main'],
    sourcemap: 'linked',
    plugins: [packagesByPath, sourceLocations(entry)],
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((f) => path.resolve(deployDir, f));
  fs.writeFileSync(path.join(DIST, `${name}.meta.json`), `${JSON.stringify({ builtAt: started, inputs }, null, 1)}\n`);
  const kib = fs.statSync(outfile).size / 1024;
  console.log(`deploy build: dist/${name}.js, ${inputs.length} sources, ${kib.toFixed(0)} KiB (${Date.now() - started} ms)`);
}
