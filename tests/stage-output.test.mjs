// The run's summary names what failed (scripts/stage-output.mjs): a reader who sees only the last
// lines of `npm test` must find the failing test there, not only "unit tests: failed".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureDigest, keptOutput } from '../scripts/stage-output.mjs';

test('a vitest failure is named with its assertion, beside its package script', () => {
  const out = [
    'shell test:  ✓ src/a.test.tsx (3 tests) 120ms',
    'shell test: RemoteUnavailableError: mfe-billing is not released to this portal',
    'shell test:  \x1b[31m×\x1b[39m names the employer page that is open 756ms',
    '',
    'shell test:  FAIL   shared  src/routes/page-title.test.tsx > page title > names the employer page',
    "shell test: AssertionError: expected 'Employee Management' to be 'User Management'",
    ' ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @portal/shell@1.0.0 test: `vitest run`',
  ].join('\n');
  assert.deepEqual(failureDigest(out), [
    'shell test:  × names the employer page that is open 756ms',
    'shell test:  FAIL   shared  src/routes/page-title.test.tsx > page title > names the employer page',
    "    shell test: AssertionError: expected 'Employee Management' to be 'User Management'",
    ' ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @portal/shell@1.0.0 test: `vitest run`',
  ]);
});

test('a Playwright failure is named with its error, and a passing run gives nothing', () => {
  const failed = [
    '  ✘  42 [journeys] › tests/release-rollout.spec.ts:19:1 › one remote is published (1.2m)',
    '  1) [journeys] › tests/release-rollout.spec.ts:19:1 › one remote is published',
    '',
    '    TypeError: fetch failed',
  ].join('\n');
  assert.deepEqual(failureDigest(failed), [
    '  ✘  42 [journeys] › tests/release-rollout.spec.ts:19:1 › one remote is published (1.2m)',
    '  1) [journeys] › tests/release-rollout.spec.ts:19:1 › one remote is published',
    '    TypeError: fetch failed',
  ]);
  assert.deepEqual(failureDigest('  ✓  1 [journeys] › tests/a.spec.ts:1:1 › works (2.0s)\n  1 passed (3.0s)\n'), []);
});

test('the digest is bounded, and the kept output is the last part', () => {
  const many = Array.from({ length: 100 }, (_, i) => `not ok ${i} - case ${i}`).join('\n');
  assert.equal(failureDigest(many, 40).length, 40);
  const kept = keptOutput(10);
  kept.add(Buffer.from('0123456789'));
  kept.add(Buffer.from('abcdef'));
  assert.equal(kept.text(), 'abcdef');
});
