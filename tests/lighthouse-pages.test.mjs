// The Lighthouse script of every page (e2e/scripts/lighthouse-pages.ts) scores exactly the contracts'
// pages: each route of ROUTES, with none listed by hand, so a page added later is scored without
// being listed. Fast: the script's `--list` starts no portal and no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const e2e = path.join(root, 'e2e');
const TSX = path.join(root, 'deploy', 'node_modules', '.bin', 'tsx');

function tsx(args) {
  const r = spawnSync(TSX, args, { cwd: e2e, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("the Lighthouse script's pages are the pages of ROUTES, each with a visitor", () => {
  const routes = tsx([
    '--eval',
    "import { ROUTES } from '@portal/shared-contracts'; console.log(JSON.stringify(Object.values(ROUTES).filter((v) => typeof v === 'string')))",
  ]);
  const pages = tsx(['scripts/lighthouse-pages.ts', '--list']);
  assert.ok(routes.length > 20, `only ${routes.length} routes read from the contracts`);
  const scored = new Set(pages.map((p) => p.path));
  assert.deepEqual(routes.filter((r) => !scored.has(r)), [], 'routes of ROUTES the script does not score');
  // Beyond ROUTES, only the not-found page the route tour adds on purpose.
  assert.deepEqual([...scored].filter((p) => !routes.includes(p)), ['/no-such-page']);
  for (const p of pages) {
    assert.ok(['public', 'newEmployer', 'employer', 'superAdmin'].includes(p.visitor), `${p.name}: visitor ${p.visitor}`);
    assert.ok(p.route.startsWith(p.path), `${p.name}: ${p.route} opens another page than ${p.path}`);
  }
  // The pages the issue names are among them, each with the visitor who lands on it.
  const visitorOf = Object.fromEntries(pages.map((p) => [p.path, p.visitor]));
  for (const [p, visitor] of Object.entries({
    '/mainPage': 'employer',
    '/employee-management': 'employer',
    '/company-settings': 'employer',
    '/payment': 'employer',
    '/company-settings/audit-log': 'employer',
    '/super-admin': 'superAdmin',
    '/all-users': 'superAdmin',
    '/drivers': 'superAdmin',
    '/admins': 'superAdmin',
    '/super-admin/releases': 'superAdmin',
  })) assert.equal(visitorOf[p], visitor, p);
  assert.ok(pages.some((p) => p.route === '/employee-management?tab=pending-requests'), 'the pending requests tab');
});

test("the pages' JavaScript measure (and so their budgets) covers the same pages, none listed by hand", () => {
  const scored = tsx(['scripts/lighthouse-pages.ts', '--list']);
  const measured = tsx(['scripts/measure-pages-js.ts', '--list']);
  assert.deepEqual(measured, scored);
});
