// The bundle budgets are a check that can fail: a built remote within its budgets passes, and the
// same build against a budget lowered below its figure fails `npm test` (exit code 1, a FAIL row).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { missingBudgets, pageBudget } from '../build-config/src/bundle-budgets.mjs';

const root = path.resolve(import.meta.dirname, '..');
const checker = path.join(root, 'build-config', 'src', 'check-budgets.mjs');

/** A workspace whose mfe-auth is "built": a manifest, a container and one exposed module's chunks. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  const dist = path.join(dir, 'mfe-auth', 'dist');
  mkdirSync(dist, { recursive: true });
  // Random bytes do not compress: each file weighs about its length in gzip.
  writeFileSync(path.join(dist, 'remoteEntry.js'), randomBytes(4 * 1024).toString('base64'));
  writeFileSync(path.join(dist, 'login.js'), randomBytes(6 * 1024).toString('base64'));
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'LoginPage', assets: { js: { sync: ['login.js'], async: [] } } }],
    }),
  );
  return dir;
}

function check(dir, budgets) {
  const file = path.join(dir, 'budgets.json');
  writeFileSync(file, JSON.stringify(budgets));
  return spawnSync(process.execPath, [checker, '--root', dir, '--budgets', file], { encoding: 'utf8' });
}

test('a build within its budgets passes, and lowering one budget below its figure fails', () => {
  const dir = fakeBuild();
  try {
    const generous = { remotes: { 'mfe-auth': { remoteEntry: 20, exposes: { LoginPage: 20 } } } };
    const ok = check(dir, generous);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /mfe-auth\/LoginPage\s+20 KB\s+[\d.]+ KB\s+pass/);

    const lowered = { remotes: { 'mfe-auth': { remoteEntry: 20, exposes: { LoginPage: 2 } } } };
    const bad = check(dir, lowered);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /mfe-auth\/LoginPage\s+2 KB\s+[\d.]+ KB\s+FAIL/);
    assert.match(bad.stdout, /1 budget\(s\) exceeded/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an exposed module without a budget, or a budgeted remote not built, fails', () => {
  const dir = fakeBuild();
  try {
    const noExpose = check(dir, { remotes: { 'mfe-auth': { remoteEntry: 20, exposes: {} } } });
    assert.equal(noExpose.status, 1);
    assert.match(noExpose.stdout, /mfe-auth\/LoginPage \(no budget\).*FAIL/);
    const notBuilt = check(dir, { remotes: { 'mfe-billing': { remoteEntry: 20, exposes: { BillingPage: 5 } } } });
    assert.equal(notBuilt.status, 1);
    assert.match(notBuilt.stdout, /mfe-billing remoteEntry\.js\s+20 KB\s+missing\s+FAIL/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every exposed module of every remote of the contracts has a budget, and one without fails the rule', () => {
  const budgets = JSON.parse(readFileSync(path.join(root, 'build-config', 'budgets.json'), 'utf8'));
  const remotes = JSON.parse(readFileSync(path.join(root, 'shared-contracts', 'src', 'remotes.json'), 'utf8'));
  assert.deepEqual(missingBudgets(budgets, remotes), []);
  assert.equal(typeof budgets.login.kb, 'number');
  assert.equal(typeof budgets.login.files, 'number');

  // The rule on a violation: an expose the contracts add without a budget, a remote without any.
  const added = structuredClone(remotes);
  added['mfe-billing'].exposes.push('InvoicesPage');
  added['mfe-car-park'] = { exposes: ['CarParkPage'] };
  assert.deepEqual(missingBudgets(budgets, added), ['mfe-billing/InvoicesPage', 'mfe-car-park remoteEntry.js', 'mfe-car-park/CarParkPage']);
});

/** The check with every page's figures given (as `--pages` measures them in Chromium). */
function checkPages(dir, budgets, pages) {
  const file = path.join(dir, 'budgets.json');
  const figures = path.join(dir, 'pages.json');
  writeFileSync(file, JSON.stringify(budgets));
  writeFileSync(figures, JSON.stringify(pages));
  return spawnSync(process.execPath, [checker, '--root', dir, '--budgets', file, '--pages-figures', figures], { encoding: 'utf8' });
}

test("every page is held to its own budget or the \"*\" ceiling, and a page over either fails", () => {
  const dir = fakeBuild();
  const remotes = { 'mfe-auth': { remoteEntry: 20, exposes: { LoginPage: 20 } } };
  const pages = [
    { name: 'signup', visitor: 'public', kb: 130.2, files: 12 },
    // A page budgets.json does not name: the ceiling holds it.
    { name: 'car-park', visitor: 'employer', kb: 190, files: 20 },
  ];
  try {
    const ok = checkPages(dir, { remotes, pages: { '*': { kb: 200, files: 25 }, signup: { kb: 135, files: 12 } } }, pages);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /page signup JS\+CSS\s+135 KB\s+130\.2 KB\s+pass/);
    assert.match(ok.stdout, /page car-park files\s+25 files\s+20 files\s+pass/);

    const heavier = checkPages(dir, { remotes, pages: { '*': { kb: 200, files: 25 }, signup: { kb: 120, files: 12 } } }, pages);
    assert.equal(heavier.status, 1);
    assert.match(heavier.stdout, /page signup JS\+CSS\s+120 KB\s+130\.2 KB\s+FAIL/);

    const moreFiles = checkPages(dir, { remotes, pages: { '*': { kb: 200, files: 15 }, signup: { kb: 135, files: 12 } } }, pages);
    assert.equal(moreFiles.status, 1);
    assert.match(moreFiles.stdout, /page car-park files\s+15 files\s+20 files\s+FAIL/);

    // Without a ceiling, a page budgets.json does not name is a budget missing, not a pass.
    const unnamed = checkPages(dir, { remotes, pages: { signup: { kb: 135, files: 12 } } }, pages);
    assert.equal(unnamed.status, 1);
    assert.match(unnamed.stdout, /page car-park \(no budget\) JS\+CSS.*FAIL/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('budgets.json holds every page: a ceiling for pages added later, and each budget a number', () => {
  const budgets = JSON.parse(readFileSync(path.join(root, 'build-config', 'budgets.json'), 'utf8'));
  const ceiling = budgets.pages['*'];
  assert.equal(typeof ceiling.kb, 'number');
  assert.equal(typeof ceiling.files, 'number');
  for (const [name, b] of Object.entries(budgets.pages)) {
    if (name.startsWith('$')) continue;
    assert.equal(typeof b.kb, 'number', name);
    assert.equal(typeof b.files, 'number', name);
    assert.ok(b.kb <= ceiling.kb && b.files <= ceiling.files, `${name}: over the ceiling`);
  }
  assert.ok(pageBudget(budgets, 'a-page-added-later'), 'a page budgets.json does not name has the ceiling');
});
