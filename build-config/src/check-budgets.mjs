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

let login;
if (args.includes('--login')) {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'e2e', 'scripts', 'measure-login-js.mjs'), '--json'], {
    cwd: path.join(ROOT, 'e2e'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(run.stdout ?? '');
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('LOGIN_JS_JSON '));
  if (run.status !== 0 || !line) {
    console.error('the login page could not be measured');
    process.exit(1);
  }
  const measured = JSON.parse(line.slice('LOGIN_JS_JSON '.length));
  login = { kb: measured.kb, files: measured.files };
}

let pages;
if (option('--pages-figures')) {
  pages = JSON.parse(readFileSync(path.resolve(option('--pages-figures')), 'utf8'));
} else if (args.includes('--pages')) {
  const tsx = path.join(ROOT, 'deploy', 'node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, [path.join('scripts', 'measure-pages-js.ts'), '--json'], {
    cwd: path.join(ROOT, 'e2e'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(run.stdout ?? '');
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('PAGES_JS_JSON '));
  if (run.status !== 0 || !line) {
    console.error('the pages could not be measured');
    process.exit(1);
  }
  pages = JSON.parse(line.slice('PAGES_JS_JSON '.length));
}

const rows = checkBudgets(budgets, { remotes: measureRemotes(root, remoteNames), login, pages }, contracts);
// `--extra <file>`: rows measured elsewhere (`pnpm perf`'s Lighthouse scores), in the same table.
if (option('--extra')) rows.push(...JSON.parse(readFileSync(path.resolve(option('--extra')), 'utf8')));
console.log(formatTable(rows));
const failed = rows.filter((r) => !r.pass);
console.log(failed.length ? `${failed.length} budget(s) exceeded (${path.relative(ROOT, budgetsFile)})` : `all ${rows.length} budgets hold`);
process.exit(failed.length ? 1 : 0);
