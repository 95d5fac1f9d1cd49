/**
 * The compiled server and release CLI (scripts/build.mjs) and whether each is still the sources'.
 * Plain node, no dependency: scripts/launch.mjs and the end-to-end setup read it before anything is
 * compiled.
 */
import fs from 'node:fs';
import path from 'node:path';

const deployDir = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(deployDir, 'dist');
/** The entries, by name: dist/<name>.js is built from deploy/<source>. */
export const ENTRIES = { server: 'src/server.ts', release: 'src/cli/release.ts' };
const LOCKFILE = path.resolve(deployDir, '..', 'pnpm-lock.yaml');

/**
 * dist/<name>.js when it was built from the sources as they are: every input it lists still there
 * and none changed since its build began, nor the lockfile (a dependency moved elsewhere); otherwise
 * null. A file added without changing any input is not part of the build, so it cannot be missed.
 */
export function builtEntry(name) {
  const file = path.join(DIST, `${name}.js`);
  let meta;
  try {
    meta = JSON.parse(fs.readFileSync(path.join(DIST, `${name}.meta.json`), 'utf8'));
    if (!fs.existsSync(file)) return null;
  } catch {
    return null;
  }
  for (const input of [...meta.inputs, LOCKFILE]) {
    const stat = fs.statSync(input, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs >= meta.builtAt) return null;
  }
  return file;
}

export function isFresh(name) {
  return builtEntry(name) !== null;
}
