// Engineering names reach no customer: every label, placeholder, column header, title and message
// a screen shows is in plain words ("Address line 1", not AddressLine1 or addressLine1). The
// texts are found with TypeScript's parser in every remote, the shell and shared-ui (JSX text and
// the attributes and column fields that name things) and in every message of the contracts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** A code name: camelCase (addressLine1), a run-together PascalCase (AddressLine1), snake_case (address_line). */
const CODE_NAME = /\b(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[a-z]+_[a-z0-9_]+)\b/;

/** Texts that must name code: the CSV template's own column names, which a file must carry as written. */
const ALLOWED = [
  /^The file must have a header line with exactly the columns firstName, lastName, email, employeeNumber\.$/,
  // An answer to the mobile app's developers, naming the OAuth parameter their request lacks as written.
  /^A code_challenge \(43 to 128 characters, S256\) is required for the mobile app\.$/,
  // SCIM error details (RFC 7644, 3.12), read in an identity provider's provisioning log by whoever maps
  // its attributes: they name the SCIM attributes as that mapping shows them.
  /^(?:userName|name\.givenName|phoneNumbers:?|schemas|startIndex) /,
  /^Supported filters: userName, /,
];
/** Proper names spelled as their owners spell them: a person reads them as names, not as code. */
const PROPER_NAMES = /\bOpenID\b/g;

/** The props and column fields whose value a person reads. */
const SHOWN = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'hint',
  'description',
  'legend',
  'header',
  'caption',
  'emptyText',
  'errorText',
  'loadingLabel',
  'pagerLabel',
  'searchLabel',
  'searchPlaceholder',
  'confirmLabel',
  'cancelLabel',
  'message',
]);

function filesUnder(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'test') filesUnder(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec|fixture)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const textOf = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
    ? [node.text]
    : ts.isTemplateExpression(node)
      ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
      : [];

/** The texts of one source a screen shows: every string of a messages module; elsewhere JSX text and the props above. */
export function shownTexts(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const everyString = /[\\/]messages[\\/][^\\/]+\.ts$/.test(fileName) || /[\\/]messages\.ts$/.test(fileName);
  const found = [];
  const add = (node) => {
    for (const text of textOf(node)) if (text.trim()) found.push({ text: text.trim(), line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node) => {
    if (everyString) {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        // Property names and literal types are code; values are texts.
        const parent = node.parent;
        const isKey = (ts.isPropertyAssignment(parent) && parent.name === node) || ts.isLiteralTypeNode(parent) || ts.isElementAccessExpression(parent);
        if (!isKey) add(node);
        return;
      }
      ts.forEachChild(node, visit);
      return;
    }
    if (ts.isJsxText(node) && node.text.trim()) found.push({ text: node.text.trim(), line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    if (ts.isJsxAttribute(node) && SHOWN.has(node.name.getText(file)) && node.initializer) {
      const init = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (init) add(init);
    }
    if (ts.isPropertyAssignment(node) && SHOWN.has(node.name.getText(file).replace(/['"]/g, ''))) add(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export function codeNames(fileName, source) {
  return shownTexts(fileName, source)
    .filter(({ text }) => CODE_NAME.test(text.replace(PROPER_NAMES, '')) && !ALLOWED.some((a) => a.test(text)))
    .map(({ text, line }) => `${path.relative(root, fileName)}:${line}: ${JSON.stringify(text)}`);
}

test('no screen shows a code name where a person reads a label, a header or a message', () => {
  const packages = readdirSync(root).filter((d) => d.startsWith('mfe-') || d === 'shell' || d === 'shared-ui');
  const files = [...packages.flatMap((p) => filesUnder(path.join(root, p, 'src'))), ...filesUnder(path.join(root, 'shared-contracts', 'src', 'messages'))];
  assert.ok(files.length > 100, `found only ${files.length} files`);
  const found = files.flatMap((f) => codeNames(f, readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('the check finds code names in labels, headers, JSX text and messages, and passes plain words', () => {
  const screen = path.join(root, 'mfe-onboarding', 'src', 'x.tsx');
  assert.equal(codeNames(screen, '<TextField label="AddressLine1" readOnly />').length, 1);
  assert.equal(codeNames(screen, 'const c = [{ key: "n", header: "employeeNumber" }];').length, 1);
  assert.equal(codeNames(screen, '<p>Enter your postal_code</p>').length, 1);
  assert.equal(codeNames(screen, '<TextField label="Address line 1" placeholder="e.g. 1 High Street" />').length, 0);
  // Code itself (keys, class names, event names) is no text a person reads.
  assert.equal(codeNames(screen, '<div className={styles.nameCell} onClick={onClick} data-x="fooBar" />').length, 0);
  const messages = path.join(root, 'shared-contracts', 'src', 'messages', 'x.ts');
  assert.equal(codeNames(messages, "export const M = { a: { fieldName: 'Enter the userName' } };").length, 1);
  assert.equal(codeNames(messages, "export const M = { a: { fieldName: 'Enter your name' } };").length, 0);
  // A proper name passes; a code name beside it is still found.
  assert.equal(codeNames(messages, "export const M = { a: { b: 'Any OpenID Connect provider' } };").length, 0);
  assert.equal(codeNames(messages, "export const M = { a: { b: 'Any OpenID Connect issuerUrl' } };").length, 1);
});
