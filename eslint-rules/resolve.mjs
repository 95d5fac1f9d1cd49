// How the local rules find the file a specifier names: as TypeScript resolves it (package exports,
// a folder's index, `.js` written for `.ts`), so lint sees the same modules the compiler does.
import path from 'node:path';
import ts from 'typescript';

const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const resolutions = ts.createModuleResolutionCache(process.cwd(), (f) => f, OPTIONS);
const inPackages = `${path.sep}node_modules${path.sep}`;

/** The repository file a specifier names from `file`, or undefined for a package, a stylesheet or a declaration. */
export function resolveFrom(file, specifier) {
  const resolved = ts.resolveModuleName(specifier, file, OPTIONS, ts.sys, resolutions).resolvedModule;
  if (!resolved) return undefined;
  const target = path.resolve(ts.sys.realpath?.(resolved.resolvedFileName) ?? resolved.resolvedFileName);
  return target.includes(inPackages) || target.endsWith('.d.ts') ? undefined : target;
}
