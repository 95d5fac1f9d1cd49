// The import direction of DESIGN.md section 1 is enforced by lint; these cases prove that lint
// really fails when a remote reaches into the shell or another remote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function errorsFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import-x/no-restricted-paths');
}

test('a remote importing the shell fails lint', async () => {
  const errors = await errorsFor('mfe-auth/src/features/x.ts', "import { a } from '@portal/shell';\nexport const b = a;\n");
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /mfe-auth must not import shell/);
});

test('a remote importing another remote (by package or by path) fails lint', async () => {
  const byName = await errorsFor('mfe-auth/src/features/x.ts', "import { a } from '@portal/mfe-employees';\nexport const b = a;\n");
  assert.equal(byName.length, 1);
  const byPath = await errorsFor('mfe-auth/src/features/x.ts', "import { a } from '../../../mfe-employees/src/a';\nexport const b = a;\n");
  assert.ok(byPath.length >= 1);
});

test('the shell importing a remote fails lint', async () => {
  const errors = await errorsFor('shell/src/x.ts', "import { a } from '@portal/mfe-auth';\nexport const b = a;\n");
  assert.equal(errors.length, 1);
});

test('the api importing front-end code fails lint', async () => {
  const errors = await errorsFor('api/src/x.ts', "import { a } from '@portal/shared-ui';\nexport const b = a;\n");
  assert.equal(errors.length, 1);
});

test('remotes and the shell may import shared-contracts and shared-ui', async () => {
  const errors = await errorsFor(
    'mfe-auth/src/features/x.ts',
    "import { MESSAGES } from '@portal/shared-contracts';\nimport { Button } from '@portal/shared-ui';\nexport const b = [MESSAGES, Button];\n",
  );
  assert.equal(errors.length, 0);
});
