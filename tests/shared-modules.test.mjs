// The shared modules are read from the packages' `portal` field beside `exports`
// (build-config/src/shared-modules.mjs, docs/decisions/0048-shared-modules-from-package-markers.md):
// an entry named there is shared, taken from the shell or put on the login page's start-up without a
// second list to update, and a name that is not an entry of the package fails the build's config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARED_FROM_SHELL, SHARED_PACKAGES, SHARED_SINGLETONS, bootChunkFiles, bootFiles, readPackage, runtimeImports, sharedModulesOf } from '../build-config/src/shared-modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const packages = () => SHARED_PACKAGES.map((folder) => readPackage(folder));
/** The packages with one package's marker changed. */
const withMarker = (name, change) => packages().map((p) => (p.json.name === name ? { ...p, json: { ...p.json, portal: change(structuredClone(p.json.portal)) } } : p));

test('the shared singletons are React, react-query and the entries the packages mark, in the order marked', () => {
  assert.deepEqual(SHARED_SINGLETONS.slice(0, 5), ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query']);
  for (const name of ['@portal/shared-contracts', '@portal/shared-contracts/messages/login', '@portal/shared-contracts/endpoints', '@portal/shared-ui/form', '@portal/shared-ui/data']) {
    assert.ok(SHARED_SINGLETONS.includes(name), name);
  }
  // Entries of `exports` that are not marked stay plain modules.
  for (const name of ['@portal/shared-contracts/entities', '@portal/shared-contracts/phone', '@portal/shared-ui/toast-store']) assert.ok(!SHARED_SINGLETONS.includes(name), name);
  for (const name of SHARED_FROM_SHELL) assert.ok(SHARED_SINGLETONS.includes(name), `${name} is taken from the shell without being shared`);
});

test('an entry added to a package marker is shared, taken from the shell and booted without another list', () => {
  const { singletons, fromShell } = sharedModulesOf(
    withMarker('@portal/shared-contracts', (m) => ({ ...m, shared: [...m.shared, './phone'], fromShell: [...m.fromShell, './phone'] })),
  );
  assert.equal(singletons.at(-7), '@portal/shared-contracts/phone', 'after the contracts, before shared-ui');
  assert.ok(fromShell.includes('@portal/shared-contracts/phone'));
  const { boot } = sharedModulesOf(withMarker('@portal/shared-ui', (m) => ({ ...m, boot: [...m.boot, './data-display'] })));
  const files = bootFiles(boot);
  assert.ok(files.has(path.join(root, 'shared-ui/src/components/email-address.tsx')), 'a file the new boot entry imports is not in boot');
});

test('a marker naming an entry the exports do not give fails', () => {
  assert.throws(() => sharedModulesOf(withMarker('@portal/shared-ui', (m) => ({ ...m, shared: [...m.shared, './charts'] }))), /@portal\/shared-ui: "portal.shared" names \.\/charts/);
  assert.throws(() => sharedModulesOf(withMarker('@portal/shared-contracts', (m) => ({ ...m, boot: [...m.boot, './no-such-module'] }))), /"portal.boot" names \.\/no-such-module/);
  assert.throws(() => sharedModulesOf(withMarker('@portal/shared-ui', (m) => ({ ...m, fromShell: [...m.fromShell, './data-extras'] }))), /"portal.fromShell" names \.\/data-extras/);
  // A file the `./*` pattern would name must exist.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marker-'));
  const json = { name: '@portal/probe', exports: { './*': './src/*.ts' }, portal: { shared: ['./missing'] } };
  assert.throws(() => sharedModulesOf([{ dir, json }]), /names \.\/missing/);
});

test("the shell's boot chunk is the boot entries' files and what they run, not the data display, overlays or type-only imports", () => {
  const files = [...bootChunkFiles()].map((f) => path.relative(root, f));
  for (const f of ['shared-ui/src/form.ts', 'shared-ui/src/components/button.tsx', 'shared-ui/src/components/field.module.css', 'shared-ui/src/tokens.css', 'shared-contracts/src/remotes.json', 'shared-contracts/src/messages/shell-start.ts', 'shared-contracts/src/constants.ts']) {
    assert.ok(files.includes(f), `${f} is not in boot`);
  }
  // platform.ts imports entities, endpoints and remotes' types only; form.ts fetches form-extras by import().
  for (const f of ['shared-contracts/src/entities/index.ts', 'shared-contracts/src/endpoints/index.ts', 'shared-ui/src/form-extras.ts', 'shared-ui/src/components/email-address.tsx', 'shared-ui/src/components/modal-radix.tsx']) {
    assert.ok(!files.includes(f), `${f} is in boot`);
  }
});

test('runtime imports skip type-only imports and import()', () => {
  const code = [
    "import { a } from './a';",
    "import type { B } from './b';",
    "import { type C, type D } from './c';",
    "import { type E, f } from './e';",
    "export * from './g';",
    "import styles from './h.module.css';",
    "import './i.css';",
    "export type { J } from './j';",
    "const k = () => import('./k');",
    "import {\n  l,\n  m,\n} from './l';",
  ].join('\n');
  assert.deepEqual(runtimeImports(code), ['./a', './e', './g', './h.module.css', './i.css', './l']);
});
