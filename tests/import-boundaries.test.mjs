// The boundaries lint adds beyond the package direction (see import-direction.test.mjs): no import
// cycles (type-only and dynamic imports included), features of a remote never import each other, a
// remote's shared code and api calls never import a feature, @portal/testing is for tests, @portal/build-config for build configs, nothing
// imports deploy, and the api's modules never import each other. Each case proves the rule really
// fails on the forbidden import.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'import-x/no-restricted-paths', 'portal/no-cycle']);

async function errorsFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId));
}

const sourceFile = (dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .find((name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !name.endsWith('.d.ts'))
    ?.replace(/\.tsx?$/, '');

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && sourceFile(path.join(dir, e.name)))
    .map((e) => e.name);

// The zones come from the folders on disk, so the cases use real features of a real remote.
const remote = fs.readdirSync(root).find((name) => name.startsWith('mfe-') && fs.existsSync(path.join(root, name, 'src/features')) && folders(`${name}/src/features`).length >= 2);
const [ownFeature, otherFeature] = remote ? folders(`${remote}/src/features`) : [];
const otherModule = remote && `${otherFeature}/${sourceFile(`${remote}/src/features/${otherFeature}`)}`;
const ownModule = remote && `${ownFeature}/${sourceFile(`${remote}/src/features/${ownFeature}`)}`;

test('a remote has two features to check the zones against', () => {
  assert.ok(remote, 'no mfe-* remote with two feature folders under src/features');
});

test('a feature importing another feature of its remote fails lint', async () => {
  const errors = await errorsFor(`${remote}/src/features/${ownFeature}/probe.ts`, `import * as other from '../${otherModule}';\nexport const probe = other;\n`);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].ruleId, 'import-x/no-restricted-paths');
  assert.match(errors[0].message, new RegExp(`feature "${ownFeature}" must not import another feature`));
});

test('a feature importing its own modules passes lint', async () => {
  const errors = await errorsFor(`${remote}/src/features/${ownFeature}/probe.ts`, `import * as own from './${sourceFile(`${remote}/src/features/${ownFeature}`)}';\nexport const probe = own;\n`);
  assert.deepEqual(errors, []);
});

test("a remote's shared code or api call importing a feature fails lint", async () => {
  for (const layer of ['shared', 'api']) {
    const errors = await errorsFor(`${remote}/src/${layer}/probe.ts`, `import * as feature from '../features/${ownModule}';\nexport const probe = feature;\n`);
    assert.equal(errors.length, 1, layer);
    assert.match(errors[0].message, new RegExp(`src/${layer}/ must not import src/features/`));
  }
});

test('an exposed module may import a feature', async () => {
  const errors = await errorsFor(`${remote}/src/exposes/probe.ts`, `import * as feature from '../features/${ownModule}';\nexport const probe = feature;\n`);
  assert.deepEqual(errors, []);
});

test('a remote importing @portal/testing from non-test code fails lint', async () => {
  const errors = await errorsFor('mfe-auth/src/features/login/probe.tsx', "import { renderRemote } from '@portal/testing';\nexport const probe = renderRemote;\n");
  assert.ok(errors.length >= 1);
  assert.match(errors[0].message, /mfe-auth must not import testing/);
  const shell = await errorsFor('shell/src/probe.ts', "import { renderRemote } from '@portal/testing';\nexport const probe = renderRemote;\n");
  assert.ok(shell.length >= 1);
});

test('tests, test setup and development harnesses may import @portal/testing', async () => {
  const code = "import { renderRemote } from '@portal/testing';\nexport const probe = renderRemote;\n";
  for (const file of ['mfe-auth/src/features/login/probe.test.tsx', 'mfe-auth/src/test/setup.ts', 'mfe-auth/dev/harness.tsx', 'shell/src/session/probe.test.ts']) {
    assert.deepEqual(await errorsFor(file, code), [], file);
  }
});

test('a front-end package importing @portal/deploy fails lint, build configs included', async () => {
  for (const file of ['shell/src/probe.ts', 'shared-ui/src/probe.ts', 'mfe-employees/src/exposes/probe.ts', 'shell/rspack.config.mjs', 'mfe-auth/rspack.config.mjs']) {
    const errors = await errorsFor(file, "import { createConfig } from '@portal/deploy/rspack';\nexport default createConfig;\n");
    assert.ok(errors.length >= 1, file);
    assert.match(errors[0].message, /must not import deploy/, file);
  }
});

test('@portal/build-config is for build configs only', async () => {
  const code = "import { createConfig } from '@portal/build-config';\nexport default createConfig;\n";
  assert.deepEqual(await errorsFor('shell/rspack.config.mjs', code), []);
  assert.deepEqual(await errorsFor('mfe-auth/vitest.config.ts', code), []);
  assert.ok((await errorsFor('shell/src/probe.ts', code)).length >= 1);
  assert.ok((await errorsFor('mfe-auth/src/features/login/probe.test.tsx', code)).length >= 1);
});

test('build-config may import shared-contracts and nothing else of ours', async () => {
  assert.deepEqual(await errorsFor('build-config/src/probe.ts', "import { REMOTES } from '@portal/shared-contracts';\nexport const probe = REMOTES;\n"), []);
  for (const pkg of ['shared-ui', 'testing', 'deploy', 'shell']) {
    const errors = await errorsFor('build-config/src/probe.ts', `import * as other from '@portal/${pkg}';\nexport const probe = other;\n`);
    assert.ok(errors.length >= 1, pkg);
    assert.match(errors[0].message, new RegExp(`build-config must not import ${pkg}`));
  }
});

test('testing may import shared-contracts and shared-ui, never the shell or a remote', async () => {
  const allowed = "import { MESSAGES } from '@portal/shared-contracts';\nimport { Button } from '@portal/shared-ui';\nexport const probe = [MESSAGES, Button];\n";
  assert.deepEqual(await errorsFor('testing/src/probe.ts', allowed), []);
  for (const pkg of ['shell', 'mfe-auth', 'api']) {
    const errors = await errorsFor('testing/src/probe.ts', `import * as other from '@portal/${pkg}';\nexport const probe = other;\n`);
    assert.ok(errors.length >= 1, pkg);
  }
});

// A cycle needs both files on disk: the rule follows the other file's imports from there.
// The api's modules never import each other (docs/decisions/0037): real module folders from disk.
const apiModules = folders('api/src/modules');
const [ownApiModule, otherApiModule] = apiModules.filter((name) => name !== 'accounts' && name !== 'sso');
const otherApiFile = `${otherApiModule}/${sourceFile(`api/src/modules/${otherApiModule}`)}`;

test('the api has two modules to check the zones against', () => {
  assert.ok(ownApiModule && otherApiModule, 'no two module folders under api/src/modules');
});

test('an api module importing another module fails lint, however the path is spelled', async () => {
  for (const spec of [`../${otherApiFile}`, `../../modules/${otherApiFile}`]) {
    const errors = await errorsFor(`api/src/modules/${ownApiModule}/probe.ts`, `import * as other from '${spec}';\nexport const probe = other;\n`);
    assert.equal(errors.length, 1, spec);
    assert.equal(errors[0].ruleId, 'import-x/no-restricted-paths');
    assert.match(errors[0].message, new RegExp(`api module "${ownApiModule}" must not import another module`));
  }
});

test("an api module's test importing another module fails lint too", async () => {
  const errors = await errorsFor(`api/src/modules/${ownApiModule}/probe.test.ts`, `import * as other from '../${otherApiFile}';\nexport const probe = other;\n`);
  assert.equal(errors.length, 1);
});

test('an api module may import its own files, lib/, db/ and the test support', async () => {
  const own = `./${sourceFile(`api/src/modules/${ownApiModule}`)}`;
  for (const spec of [own, '../../lib/tenancy', '../../lib/csv', '../../db/sql']) {
    assert.deepEqual(await errorsFor(`api/src/modules/${ownApiModule}/probe.ts`, `import * as x from '${spec}';\nexport const probe = x;\n`), [], spec);
  }
  assert.deepEqual(await errorsFor(`api/src/modules/${ownApiModule}/probe.test.ts`, "import * as x from '../../test/people';\nexport const probe = x;\n"), []);
});

test('lib/, plugins/ and mail/ importing a module fail lint', async () => {
  for (const layer of ['lib', 'plugins', 'mail']) {
    const errors = await errorsFor(`api/src/${layer}/probe.ts`, `import * as module from '../modules/${otherApiFile}';\nexport const probe = module;\n`);
    assert.equal(errors.length, 1, layer);
    assert.match(errors[0].message, new RegExp(`api/src/${layer}/ must not import a module`));
  }
});

test("the one allowed call between modules is exactly the one named: accounts' logout asks sso's service", async () => {
  const probe = (spec) => errorsFor('api/src/modules/accounts/probe.ts', `import * as sso from '${spec}';\nexport const probe = sso;\n`);
  assert.deepEqual(await probe('../sso/service'), []);
  assert.equal((await probe('../sso/provider')).length, 1);
  assert.equal((await errorsFor('api/src/modules/sso/probe.ts', "import * as a from '../accounts/service';\nexport const probe = a;\n")).length, 1);
});

let cycleDir;
before(() => {
  cycleDir = fs.mkdtempSync(path.join(root, 'shell/src/cycle-probe-'));
  fs.writeFileSync(path.join(cycleDir, 'first.ts'), "import { second } from './second';\nexport const first = () => second;\n");
  fs.writeFileSync(path.join(cycleDir, 'second.tsx'), "import { first } from './first';\nexport const second = () => first;\n");
});
after(() => fs.rmSync(cycleDir, { recursive: true, force: true }));

test('two TypeScript modules importing each other fail lint', async () => {
  const results = await eslint.lintFiles([path.join(cycleDir, 'first.ts'), path.join(cycleDir, 'second.tsx')]);
  const cycles = results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'portal/no-cycle');
  assert.equal(cycles.length, 2);
});

test('a type-only import back is a cycle too, however it is written', async () => {
  const second = path.relative(root, path.join(cycleDir, 'second.tsx'));
  for (const code of [
    "import { type first } from './first';\nexport const second = (f: typeof first) => f;\n",
    "import type { first } from './first';\nexport const second = (f: typeof first) => f;\n",
    "export type { first } from './first';\nexport const second = 1;\n",
    "export const second = (f: typeof import('./first').first) => f;\n",
  ]) {
    const errors = await errorsFor(second, code);
    assert.equal(errors.length, 1, code);
    assert.equal(errors[0].ruleId, 'portal/no-cycle');
    assert.match(errors[0].message, /Dependency cycle: first\.ts -> second\.tsx/);
  }
});

test('a dynamic import back is a cycle; a module without a way back is not', async () => {
  const second = path.relative(root, path.join(cycleDir, 'second.tsx'));
  assert.equal((await errorsFor(second, "export const second = () => import('./first');\n")).length, 1);
  assert.deepEqual(await errorsFor(second, "import { ROUTES } from '@portal/shared-contracts/routes';\nexport const second = ROUTES;\n"), []);
});
