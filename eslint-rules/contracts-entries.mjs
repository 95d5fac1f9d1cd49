// Inside shared-contracts, a shared entry (build-config's SHARED_SINGLETONS) is imported by the
// package's name, never by a relative path: the bundler takes a relative path for another module, so
// the importing entry would carry a second copy of the shared one (a second PlatformContext, a second
// set of messages) and the login page's chunks would hold it twice (docs/decisions/0038). Type-only
// imports are erased and may take any path.
import path from 'node:path';
import { SHARED_SINGLETONS } from '../build-config/src/shared-modules.mjs';
import { resolveFrom } from './resolve.mjs';

const PACKAGE = '@portal/shared-contracts';
const packageDir = path.resolve(import.meta.dirname, '..', 'shared-contracts');

/** Each shared entry of the contracts by the file it resolves to: the file -> its package specifier. */
function sharedEntryFiles() {
  const byFile = new Map();
  const from = path.join(packageDir, 'package.json');
  for (const name of SHARED_SINGLETONS.filter((n) => n === PACKAGE || n.startsWith(`${PACKAGE}/`))) {
    const file = resolveFrom(from, name);
    if (file) byFile.set(file, name);
  }
  return byFile;
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) ||
  (node.type === 'ExportNamedDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === 'type'));

/** @type {import('eslint').Rule.RuleModule} */
export const contractsEntries = {
  meta: {
    type: 'problem',
    docs: { description: "Inside shared-contracts, import a shared entry by the package's name, not a relative path." },
    schema: [],
    messages: {
      byName: "Import this shared entry as '{{name}}': a relative path compiles a second copy of it into this module (docs/decisions/0038).",
    },
  },
  create(context) {
    const self = path.resolve(context.physicalFilename);
    const entries = sharedEntryFiles();
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.') || typeOnly(node)) return;
      const target = resolveFrom(self, specifier);
      const name = target && entries.get(target);
      if (name && target !== self) context.report({ node: node.source, messageId: 'byName', data: { name } });
    }
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};
