// No module imports itself back, through any kind of import: a value, a type only (`import type`,
// `export type ... from`) or a dynamic `import()`. import-x's no-cycle leaves type-only imports out,
// and a type-only circle still ties two files together (one cannot move or change without the other).
// Only files of the repository count (resolve.mjs): a package from node_modules cannot import our
// code back.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { resolveFrom } from './resolve.mjs';

/** A file's imports as read from disk, kept while the file is unchanged (an editor lints for hours). */
const onDisk = new Map();
function importsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = onDisk.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.targets;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = [...new Set(importedFiles.map((i) => resolveFrom(file, i.fileName)).filter(Boolean))];
  onDisk.set(file, { mtimeMs: stat.mtimeMs, targets });
  return targets;
}

/** The nodes of this file that name another module, each with its specifier. */
function moduleReferences(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : undefined;
    case 'TSImportEqualsDeclaration':
      return node.moduleReference.type === 'TSExternalModuleReference' ? node.moduleReference.expression.value : undefined;
    case 'TSImportType':
      return node.argument?.type === 'TSLiteralType' ? node.argument.literal.value : node.source?.value;
    default:
      return undefined;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a module from importing a module that imports it back, type-only and dynamic imports included.' },
    schema: [],
    messages: { cycle: 'Dependency cycle: {{route}}' },
  },
  create(context) {
    const self = path.resolve(context.physicalFilename);
    if (!fs.existsSync(self)) return {};
    // Files from which this one is known to be out of reach: each later search skips them.
    const cleared = new Set();
    const rel = (f) => path.relative(path.dirname(self), f).replace(/\\/g, '/');

    /** The route from `start` back to this file, or undefined. */
    function routeBack(start) {
      const parent = new Map([[start, undefined]]);
      const queue = [start];
      while (queue.length > 0) {
        const file = queue.shift();
        for (const next of importsOf(file)) {
          if (next === self) {
            const route = [file];
            for (let at = parent.get(file); at; at = parent.get(at)) route.unshift(at);
            return route;
          }
          if (parent.has(next) || cleared.has(next)) continue;
          parent.set(next, file);
          queue.push(next);
        }
      }
      for (const file of parent.keys()) cleared.add(file);
      return undefined;
    }

    function check(node) {
      const specifier = moduleReferences(node);
      if (!specifier) return;
      const target = resolveFrom(self, specifier);
      if (!target || target === self || cleared.has(target)) return;
      const route = routeBack(target);
      if (route) context.report({ node, messageId: 'cycle', data: { route: [...route.map(rel), rel(self)].join(' -> ') } });
    }

    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      TSImportEqualsDeclaration: check,
      TSImportType: check,
    };
  },
};

