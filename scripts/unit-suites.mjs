// The unit stage of `npm test` (scripts/run.mjs): which packages have a unit suite, in the order
// they start, and a runner of at most n at once. No dependency of its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Packages whose suites are stages of their own. */
const OWN_STAGES = new Set(['api', 'e2e']);

/** The test files under a package's folder (not its dependencies' nor its builds'). */
function testFiles(dir) {
  let n = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (/\.test\.m?[jt]sx?$/.test(e.name)) n += 1;
    }
  };
  walk(dir);
  return n;
}

/**
 * The folders (under `root`) of the packages with a unit suite (a `test` script), the api and e2e
 * apart, the longest first as far as their number of test files tells, then by name. `pnpm -r`
 * started them in dependency order, a group only once the whole group before it had ended, which
 * suites run from sources do not need: deploy's suite (about 70 s, in the first group) held back
 * every other package, and the shell's (about 65 s, the last group) ran alone at the end, so the
 * stage kept 1.4 of the 2 cores busy (docs/decisions/0089).
 */
export function unitSuites(root) {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !OWN_STAGES.has(e.name) && existsSync(path.join(root, e.name, 'package.json')))
    .map((e) => e.name)
    .filter((dir) => Boolean(JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts?.test))
    .map((dir) => ({ dir, files: testFiles(path.join(root, dir)) }))
    .sort((a, b) => b.files - a.files || a.dir.localeCompare(b.dir))
    .map((s) => s.dir);
}

/** Runs `fn` on every item, at most `n` at once, taking them in order; resolves once all have ended. */
export async function atMost(n, items, fn) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, lane));
}
