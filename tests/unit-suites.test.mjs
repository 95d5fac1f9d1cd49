// The unit stage of `npm test` runs every package's suite (scripts/unit-suites.mjs): none left out
// when a package is added, the api's and e2e's left to their own stages, the longest started first,
// and never more at once than asked.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { atMost, unitSuites } from '../scripts/unit-suites.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

test('every workspace package with a test script is a unit suite, but the api and e2e', () => {
  const listed = JSON.parse(execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { cwd: ROOT, encoding: 'utf8' }));
  const withTests = listed
    .map((p) => path.relative(ROOT, p.path))
    .filter((dir) => dir !== '' && !['api', 'e2e'].includes(dir))
    .filter((dir) => Boolean(JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).scripts?.test));
  assert.ok(withTests.length >= 10, `expected the shared packages, the shell, deploy and the remotes, found ${withTests.join(', ')}`);
  assert.deepEqual([...unitSuites(ROOT)].sort(), withTests.sort());
});

test('the package with the most test files starts first; one without a test script is left out', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'unit-suites-'));
  try {
    const pkg = (dir, scripts, tests) => {
      mkdirSync(path.join(root, dir, 'src', 'deep'), { recursive: true });
      writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name: dir, scripts }));
      for (let i = 0; i < tests; i++) writeFileSync(path.join(root, dir, 'src', i % 2 ? 'deep' : '', `t${i}.test.ts`), '');
      // Built and installed copies are not the package's tests.
      mkdirSync(path.join(root, dir, 'node_modules', 'x'), { recursive: true });
      writeFileSync(path.join(root, dir, 'node_modules', 'x', 'a.test.js'), '');
    };
    pkg('small', { test: 'vitest run' }, 1);
    pkg('big', { test: 'vitest run' }, 5);
    pkg('middle', { test: 'vitest run' }, 3);
    pkg('no-tests', { build: 'tsc' }, 4);
    pkg('api', { test: 'vitest run' }, 9);
    assert.deepEqual(unitSuites(root), ['big', 'middle', 'small']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('at most n run at once, in order, and every one runs', async () => {
  let running = 0;
  let most = 0;
  const started = [];
  await atMost(2, [30, 10, 20, 5, 1], async (ms) => {
    started.push(ms);
    running += 1;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, ms));
    running -= 1;
  });
  assert.equal(most, 2);
  assert.deepEqual(started, [30, 10, 20, 5, 1]);
  assert.equal(running, 0);
});
