// The bundle budgets of budgets.json, measured on built dist folders: every remote's remoteEntry.js
// and each exposed module's own chunks (gzip, as the portal serves them), and the login page's
// JavaScript as a browser loads it (measured by e2e/scripts/measure-login-js.mjs), and every page's
// JavaScript and CSS as a first visit loads it (e2e/scripts/measure-pages-js.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip size of a file in bytes as the portal serves it: the build's own `.gz` beside it
 * (precompress-plugin.mjs), or zlib's level 9 for a file the build did not compress (1 KB or less).
 */
export function gzipSize(file) {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What one remote's build weighs: its container and, per exposed module, the JavaScript its
 * manifest says must load with it (shared modules excluded: the shell provides them).
 * @param {string} distDir
 * @returns {{ remoteEntry: number, exposes: Record<string, number> }} sizes in KB gzip
 */
export function measureRemote(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const entry = manifest.metaData.remoteEntry;
  const exposes = {};
  for (const expose of manifest.exposes) {
    const files = expose.assets.js.sync;
    exposes[expose.name] = kb(files.reduce((n, f) => n + gzipSize(path.join(distDir, f)), 0));
  }
  return { remoteEntry: kb(gzipSize(path.join(distDir, entry.path, entry.name))), exposes };
}

/**
 * One row per budget: its name, the budget, the figure and whether it holds. A figure that is
 * missing (a remote not built, an exposed module gone) fails: a budget nobody measures holds nothing.
 * @param {object} budgets   the content of budgets.json
 * @param {{ remotes: Record<string, ReturnType<typeof measureRemote> | undefined>, login?: { kb: number, files: number }, pages?: { name: string, kb: number, files: number }[] }} figures
 * @param {Record<string, { exposes: string[] }>} [contracts]  remotes.json: a budget for a module it no
 *   longer lists (or does not list yet) is not checked
 */
export function checkBudgets(budgets, figures, contracts) {
  const rows = [];
  const row = (name, budget, figure, unit) => rows.push({ name, budget, figure, unit, pass: figure !== undefined && figure <= budget });
  if (budgets.login && figures.login !== undefined) {
    row('login page JavaScript', budgets.login.kb, figures.login?.kb, 'KB');
    row('login page files', budgets.login.files, figures.login?.files, 'files');
  }
  if (figures.pages !== undefined) {
    // Every page measured (the route tour's, so a page added later is measured without being
    // listed) against its own budget or, when budgets.json does not name it, the "*" ceiling.
    for (const page of figures.pages) {
      const b = pageBudget(budgets, page.name);
      const name = `page ${page.name}${b ? '' : ' (no budget)'}`;
      row(`${name} JS+CSS`, b?.kb ?? 0, page.kb, 'KB');
      row(`${name} files`, b?.files ?? 0, page.files, 'files');
    }
  }
  for (const [remote, b] of Object.entries(budgets.remotes ?? {})) {
    const f = figures.remotes[remote];
    row(`${remote} remoteEntry.js`, b.remoteEntry, f?.remoteEntry, 'KB');
    for (const [expose, budget] of Object.entries(b.exposes ?? {})) {
      if (contracts && !contracts[remote]?.exposes.includes(expose)) continue;
      row(`${remote}/${expose}`, budget, f?.exposes[expose], 'KB');
    }
    // An exposed module without a budget is a budget missing, not a pass.
    for (const expose of Object.keys(f?.exposes ?? {})) {
      if (!(expose in (b.exposes ?? {}))) row(`${remote}/${expose} (no budget)`, 0, f.exposes[expose], 'KB');
    }
  }
  return rows;
}

/**
 * The budget of one page of the route tour: its own entry of `budgets.pages`, or the `"*"` ceiling
 * every other page is held to; undefined when neither exists.
 * @param {object} budgets   the content of budgets.json
 * @param {string} name      the page's name in the route tour (e2e/support/route-tour.ts)
 * @returns {{ kb: number, files: number } | undefined}
 */
export function pageBudget(budgets, name) {
  const b = budgets.pages?.[name] ?? budgets.pages?.['*'];
  return typeof b?.kb === 'number' && typeof b?.files === 'number' ? b : undefined;
}

/**
 * What the budgets leave out of the contracts' remotes: a remote with no budget for its
 * remoteEntry.js, or an exposed module with none. Empty when every expose of every remote has one.
 * @param {object} budgets   the content of budgets.json
 * @param {Record<string, { exposes: string[] }>} contracts  remotes.json
 * @returns {string[]} `remote remoteEntry.js` and `remote/Expose` names
 */
export function missingBudgets(budgets, contracts) {
  const missing = [];
  for (const [remote, info] of Object.entries(contracts)) {
    const b = budgets.remotes?.[remote];
    if (typeof b?.remoteEntry !== 'number') missing.push(`${remote} remoteEntry.js`);
    for (const expose of info.exposes) if (typeof b?.exposes?.[expose] !== 'number') missing.push(`${remote}/${expose}`);
  }
  return missing;
}

/** The rows as one table a person reads: budget, figure, pass or FAIL. */
export function formatTable(rows) {
  const width = Math.max(...rows.map((r) => r.name.length), 6);
  const lines = [`${'budget'.padEnd(width)}  ${'limit'.padStart(10)}  ${'figure'.padStart(10)}  result`];
  for (const r of rows) {
    const fmt = (v) => (v === undefined ? 'missing' : r.unit.startsWith('/') ? `${v}${r.unit}` : `${v} ${r.unit}`);
    lines.push(`${r.name.padEnd(width)}  ${fmt(r.budget).padStart(10)}  ${fmt(r.figure).padStart(10)}  ${r.pass ? 'pass' : 'FAIL'}`);
  }
  return lines.join('\n');
}

/** Each remote of the contracts' list, measured where it is built (undefined when it is not). */
export function measureRemotes(root, remoteNames) {
  return Object.fromEntries(
    remoteNames.map((name) => {
      const dist = path.join(root, name, 'dist');
      return [name, existsSync(path.join(dist, 'mf-manifest.json')) ? measureRemote(dist) : undefined];
    }),
  );
}
