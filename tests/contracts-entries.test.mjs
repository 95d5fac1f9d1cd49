// The contracts' entry points (docs/decisions/0024-contracts-entries.md). Each shared entry of
// shared-contracts is one module on the page only while every file names it through the package
// (`@portal/shared-contracts/messages/shell`): a relative path (`./messages/shell`) compiles a second
// copy into the importing entry (a second PlatformContext, a second set of messages). And the shell's
// start-up path, the modules bootstrap.tsx imports statically, with the login page's, runs only the
// entries the login page needs: not the contracts' root, the table of every endpoint, every message
// or every form. Each rule is proved to fail on a probe that breaks it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';
import { SHARED_SINGLETONS } from '../build-config/src/shared-modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CONTRACTS = path.join(root, 'shared-contracts/src');

/** The contracts' shared entries, as build-config's SHARED_SINGLETONS names them. */
const SHARED_ENTRIES = SHARED_SINGLETONS.filter((n) => /^@portal\/shared-contracts(\/|$)/.test(n)).map((n) => n.slice('@portal/shared-contracts'.length));

/** The source file of a package specifier of the contracts or shared-ui, or undefined for others. */
function packageFile(specifier) {
  const contracts = /^@portal\/shared-contracts(\/.+)?$/.exec(specifier);
  if (contracts) {
    // The package's exports: an entry of its own (a folder's index), else the `./*` pattern.
    const exports = JSON.parse(fs.readFileSync(path.join(root, 'shared-contracts/package.json'), 'utf8')).exports;
    const key = `.${contracts[1] ?? ''}`;
    const target = exports[key] ?? exports['./*'].replace('*', key.slice(2));
    return path.join(root, 'shared-contracts', target);
  }
  const ui = /^@portal\/shared-ui(\/.+)?$/.exec(specifier);
  if (ui) {
    const exports = JSON.parse(fs.readFileSync(path.join(root, 'shared-ui/package.json'), 'utf8')).exports;
    const target = exports[`.${ui[1] ?? ''}`];
    return target && path.join(root, 'shared-ui', target);
  }
  return undefined;
}

/** A relative specifier's source file (`.js` written for `.ts`, a folder's index). */
function relativeFile(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/**
 * The modules a source file loads when it runs: static imports and re-exports, without those that
 * name types only (erased) and without `import()` (loaded later, in a chunk of its own).
 */
function runtimeImports(file, code) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.isTypeOnly) continue;
      const named = node.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** Every module the files load when they run, transitively, within the shell, shared-ui and the contracts. */
function runtimeClosure(entries, read = (f) => fs.readFileSync(f, 'utf8')) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file, read(file))) {
      const next = specifier.startsWith('.') ? relativeFile(file, specifier) : packageFile(specifier);
      if (next) queue.push(next);
    }
  }
  return seen;
}

/** The modules the login page must not run: they hold every message, form, entity or endpoint. */
const WHOLE = ['index.ts', 'endpoints/index.ts', 'messages/index.ts', 'forms/index.ts', 'entities/index.ts'].map((f) => path.join(CONTRACTS, f));
const START_UP = [path.join(root, 'shell/src/bootstrap.tsx'), path.join(root, 'mfe-auth/src/exposes/login-page.tsx')];
const wholeOnPath = (read) => [...runtimeClosure(START_UP, read)].filter((f) => WHOLE.includes(f)).map((f) => path.relative(root, f));

test('the shared entries are read from build-config', () => {
  for (const entry of ['', '/messages', '/messages/shell', '/forms/login', '/endpoints/session', '/endpoints', '/platform']) {
    assert.ok(SHARED_ENTRIES.includes(entry), `${entry || 'the root'} is not among the shared entries`);
  }
});

const eslint = new ESLint({ cwd: root });
const entryErrors = async (file, code) =>
  (await eslint.lintText(code, { filePath: path.join(CONTRACTS, file) }))[0].messages.filter((m) => m.ruleId === 'portal/contracts-entries').map((m) => m.message);

test('a contracts file importing a shared entry by a relative path fails lint (eslint-rules/contracts-entries.mjs)', async () => {
  for (const [file, code, name] of [
    ['index.ts', "export * from './messages';\n", '@portal/shared-contracts/messages'],
    ['endpoints/index.ts', "export * from './accounts';\n", '@portal/shared-contracts/endpoints/accounts'],
    ['messages/index.ts', "import { SHELL_MESSAGES } from './shell';\nexport const probe = SHELL_MESSAGES;\n", '@portal/shared-contracts/messages/shell'],
    ['endpoints/billing.ts', "import { ENDPOINTS } from './index';\nexport const probe = ENDPOINTS;\n", '@portal/shared-contracts/endpoints'],
    ['forms/sso.ts', "import { ROUTES } from '../routes';\nexport const probe = ROUTES;\n", '@portal/shared-contracts/routes'],
  ]) {
    const errors = await entryErrors(file, code);
    assert.equal(errors.length, 1, `${file}: ${code}`);
    assert.match(errors[0], new RegExp(`as '${name}'`));
  }
});

test('by name, a type-only import, or a plain module by its path passes the rule', async () => {
  assert.deepEqual(await entryErrors('platform.ts', "import type { LoginAnswer } from './endpoints';\nimport { z } from './endpoint';\nexport type P = LoginAnswer;\nexport const probe = z;\n"), []);
  assert.deepEqual(await entryErrors('messages/index.ts', "import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';\nexport const probe = SHELL_MESSAGES;\n"), []);
  assert.deepEqual(await entryErrors('endpoints/billing.ts', "import { isoDateTime } from '../entities';\nexport const probe = isoDateTime;\n"), []);
});

test("the shell's start-up path and the login page load no whole contracts, endpoint table, messages, forms or entities", () => {
  const closure = runtimeClosure(START_UP);
  assert.ok(closure.has(path.join(CONTRACTS, 'messages/shell-start.ts')), 'the walk does not reach the contracts');
  assert.deepEqual(wholeOnPath(), []);
});

test("the shell's start-up path takes its texts from messages/shell-start, not every text of the shell (docs/decisions/0026)", () => {
  const shellTexts = path.join(CONTRACTS, 'messages/shell.ts');
  assert.ok(!runtimeClosure(START_UP).has(shellTexts), 'messages/shell.ts is on the start-up path');
  // A probe: the shell's texts imported by a start-up module are found.
  const probe = path.join(root, 'shell/src/platform/platform-core.ts');
  const read = (f) => (f === probe ? `import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';\n${fs.readFileSync(f, 'utf8')}` : fs.readFileSync(f, 'utf8'));
  assert.ok(runtimeClosure(START_UP, read).has(shellTexts), "the shell's texts on the start-up path were not found");
});

test('a start-up module importing the whole messages, forms, endpoints or root fails the rule', () => {
  const probe = path.join(root, 'shell/src/platform/platform-core.ts');
  for (const [specifier, expected] of [
    ['@portal/shared-contracts/messages', 'shared-contracts/src/messages/index.ts'],
    ['@portal/shared-contracts/forms', 'shared-contracts/src/forms/index.ts'],
    ['@portal/shared-contracts/endpoints', 'shared-contracts/src/endpoints/index.ts'],
    ['@portal/shared-contracts', 'shared-contracts/src/index.ts'],
  ]) {
    const read = (f) => (f === probe ? `import { X } from '${specifier}';\n${fs.readFileSync(f, 'utf8')}` : fs.readFileSync(f, 'utf8'));
    assert.ok(wholeOnPath(read).includes(expected), `${specifier} on the start-up path was not found`);
  }
  // Reached through another module too: the employers group imports every form (which import the
  // message areas they use, not the whole messages: docs/decisions/0066).
  const read = (f) => (f === probe ? `import { employers } from '@portal/shared-contracts/endpoints/employers';\n${fs.readFileSync(f, 'utf8')}` : fs.readFileSync(f, 'utf8'));
  assert.deepEqual(wholeOnPath(read).sort(), ['shared-contracts/src/entities/index.ts', 'shared-contracts/src/forms/index.ts']);
});

/** The start-up modules that import zod when they run: a schema of the contracts, or zod itself. */
const zodOnPath = (read = (f) => fs.readFileSync(f, 'utf8')) =>
  [...runtimeClosure(START_UP, read)].filter((f) => runtimeImports(f, read(f)).some((s) => s === 'zod' || s.startsWith('zod/'))).map((f) => path.relative(root, f));

test("the shell's start-up path and the login page load no zod: schemas are fetched by the call or check that needs them (docs/decisions/0026)", () => {
  assert.deepEqual(zodOnPath(), []);
  // A probe: the session's endpoints imported by a start-up module bring their schemas, and zod.
  const probe = path.join(root, 'shell/src/session/session-store.ts');
  const read = (f) => (f === probe ? `import { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';\n${fs.readFileSync(f, 'utf8')}` : fs.readFileSync(f, 'utf8'));
  assert.ok(zodOnPath(read).includes('shared-contracts/src/endpoints/session.ts'), 'a schema on the start-up path was not found');
});

/**
 * The telemetry collector, which the shell fetches two seconds after every page's load (the login
 * page's included): what it loads must be the telemetry calls' schemas and the small modules they
 * take their texts and answers from, not every message or every entity (docs/decisions/0026).
 */
const COLLECTOR = path.join(root, 'shell/src/telemetry/collector.ts');
const wholeInCollector = (read) => [...runtimeClosure([COLLECTOR], read)].filter((f) => WHOLE.includes(f)).map((f) => path.relative(root, f));

test("the telemetry collector loads no whole messages, entities, forms, endpoint table or root", () => {
  assert.deepEqual(wholeInCollector(), []);
  const closure = runtimeClosure([COLLECTOR]);
  assert.ok(closure.has(path.join(CONTRACTS, 'endpoints/telemetry.ts')), "the walk does not reach the telemetry calls' schemas");
  assert.ok(closure.has(path.join(CONTRACTS, 'messages/telemetry.ts')), "the walk does not reach the telemetry calls' texts");
  assert.ok(!closure.has(path.join(CONTRACTS, 'messages/back-office.ts')), "the back office's texts are in the collector's fetch");
  assert.ok(!closure.has(path.join(CONTRACTS, 'endpoints/releases.ts')), "the release console's calls are in the collector's fetch");
});

test("the telemetry calls' schemas taking the whole messages or entities again fail the rule", () => {
  const withImport = (probe, line) => (f) => (f === probe ? `${line}\n${fs.readFileSync(f, 'utf8')}` : fs.readFileSync(f, 'utf8'));
  const telemetry = path.join(CONTRACTS, 'endpoints/telemetry.ts');
  assert.deepEqual(wholeInCollector(withImport(telemetry, "import { MESSAGES } from '@portal/shared-contracts/messages';")), ['shared-contracts/src/messages/index.ts']);
  assert.deepEqual(wholeInCollector(withImport(telemetry, "import { isoDateTime, okSchema } from '../entities';")), ['shared-contracts/src/entities/index.ts']);
  // Reached through another module too: the remotes' list the telemetry calls check a remote against.
  assert.deepEqual(wholeInCollector(withImport(path.join(CONTRACTS, 'remotes.ts'), "import { pageQuerySchema } from './entities';")), ['shared-contracts/src/entities/index.ts']);
});
