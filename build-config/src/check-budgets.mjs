#!/usr/bin/env node
// Checks the built shell and remotes against budgets.json and prints one table; exits 1 when a
// budget is exceeded. `--login` also measures the login page in Chromium (it starts the built
// portal); `--pages` measures every page of the route tour the same way (JavaScript and CSS, gzip,
// and files; e2e/scripts/measure-pages-js.ts), `--pages-figures <file>` reads those figures from a
// file instead (the test that proves the check can fail); `--budgets <file>` checks another budgets file (the test that proves a check can fail);
// `--root <dir>` measures the builds of another workspace folder.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkBudgets, formatTable, measureRemotes } from './bundle-budgets.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const budgetsFile = path.resolve(option('--budgets') ?? path.join(ROOT, 'build-config', 'budgets.json'));
const root = path.resolve(option('--root') ?? ROOT);
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));
const contracts = JSON.parse(readFileSync(path.join(ROOT, 'shared-contracts', 'src', 'remotes.json'), 'utf8'));
const remoteNames = Object.keys(contracts);

/**
 * Runs a measuring script in e2e/ and answers, for each of `tags`, the JSON of its output line
 * tagged so; exits 1, saying `what` could not be measured, when the script fails or a line is missing.
 */
function measured(command, args, tags, what) {
  const run = spawnSync(command, args, { cwd: path.join(ROOT, 'e2e'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(run.stdout ?? '');
  const lines = (run.stdout ?? '').split('\n');
  const found = Object.fromEntries(tags.map((tag) => [tag, lines.find((l) => l.startsWith(`${tag} `))]));
  if (run.status !== 0 || tags.some((tag) => !found[tag])) {
    console.error(`${what} could not be measured`);
    process.exit(1);
  }
  return Object.fromEntries(tags.map((tag) => [tag, JSON.parse(found[tag].slice(tag.length + 1))]));
}

const tsx = path.join(ROOT, 'deploy', 'node_modules', '.bin', 'tsx');
const pagesScript = path.join('scripts', 'measure-pages-js.ts');
let login;
let pages;
if (option('--pages-figures')) {
  pages = JSON.parse(readFileSync(path.resolve(option('--pages-figures')), 'utf8'));
} else if (args.includes('--pages')) {
  // With --login too, the pages' script measures the login page first, on the portal it starts for
  // the pages: one portal for both measures (a portal's start is about 15 s and 20 processor-seconds).
  const both = args.includes('--login');
  const output = measured(tsx, [pagesScript, '--json', ...(both ? ['--login'] : [])], both ? ['LOGIN_JS_JSON', 'PAGES_JS_JSON'] : ['PAGES_JS_JSON'], both ? 'the login page and the pages' : 'the pages');
  pages = output.PAGES_JS_JSON;
  if (both) login = { kb: output.LOGIN_JS_JSON.kb, files: output.LOGIN_JS_JSON.files };
}
if (args.includes('--login') && !login) {
  const m = measured(process.execPath, [path.join(ROOT, 'e2e', 'scripts', 'measure-login-js.mjs'), '--json'], ['LOGIN_JS_JSON'], 'the login page').LOGIN_JS_JSON;
  login = { kb: m.kb, files: m.files };
}

const rows = checkBudgets(budgets, { remotes: measureRemotes(root, remoteNames), login, pages }, contracts);
// `--extra <file>`: rows measured elsewhere (`pnpm perf`'s Lighthouse scores), in the same table.
if (option('--extra')) rows.push(...JSON.parse(readFileSync(path.resolve(option('--extra')), 'utf8')));
console.log(formatTable(rows));
const failed = rows.filter((r) => !r.pass);
console.log(failed.length ? `${failed.length} budget(s) exceeded (${path.relative(ROOT, budgetsFile)})` : `all ${rows.length} budgets hold`);
process.exit(failed.length ? 1 : 0);
