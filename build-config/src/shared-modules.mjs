// The modules shared through Module Federation, read from the workspace packages' `portal` field
// (beside `exports`, docs/decisions/0048-shared-modules-from-package-markers.md), in a module
// without dependencies: create-config.mjs builds with them, and lint
// (eslint-rules/contracts-entries.mjs) and the repository tests read them without loading Rspack.
//
// A package's `portal` field names entries of its `exports`:
// - `shared`: each shared on its own, a singleton (loaded whole: shared modules are not tree-shaken,
//   so keep the list short and measure it); the order is the share table's;
// - `fromShell`: those a remote takes from the shell and never brings itself (`import: false`). A new
//   shared entry joins it only once every shell in service provides it;
// - `boot`: those the login page's start-up runs; with the files they import they are the shell's
//   `boot` chunk, and nothing else of the package is.
// The `exports` map alone cannot say this: `./*` covers shared and plain modules alike, and
// `./entities` is an entry without being shared.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The workspace packages whose entries may be shared, by folder. */
export const SHARED_PACKAGES = ['shared-contracts', 'shared-ui'];

/**
 * The folder of package `name` as `fromDir` resolves it: its main entry, then up to the package.json
 * that names it (the packages' `exports` do not give their package.json).
 */
export function packageDirOf(name, fromDir) {
  let dir = path.dirname(createRequire(path.join(fromDir, 'package.json')).resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === name) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name}: no package.json above ${fromDir}'s copy`);
    dir = up;
  }
}

/**
 * The singletons that are not workspace packages (they carry no marker): React and react-query, which
 * must exist once on the page. Remotes take each from the shell. Not shared, on purpose
 * (docs/decisions/0007-shared-singletons.md): react-router-dom (only the shell routes; shared, it
 * would be loaded whole) and zod (no state that must be unique; each bundle keeps what it uses).
 */
const LIBRARY_SINGLETONS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query'];

/** The file an `exports` entry (`.`, `./form`, `./messages/shell`) names, or undefined when none does. */
export function exportTarget(exports, entry) {
  if (typeof exports[entry] === 'string') return exports[entry];
  for (const [key, target] of Object.entries(exports)) {
    const star = key.indexOf('*');
    if (star < 0 || typeof target !== 'string') continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (entry.length > key.length - 1 && entry.startsWith(before) && entry.endsWith(after)) {
      return target.replace('*', entry.slice(before.length, entry.length - after.length));
    }
  }
  return undefined;
}

/** A package's folder and package.json, as `sharedModulesOf` takes them. */
export function readPackage(folder, root = ROOT) {
  const dir = path.join(root, folder);
  return { dir, json: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) };
}

/**
 * The shared packages: the workspace's folders or, for a remote built outside this repository
 * against the packed packages (docs/decisions/0050), the copies the package being built (the
 * current folder, where rspack and vitest run) has installed.
 */
function sharedPackages() {
  const inWorkspace = fs.existsSync(path.join(ROOT, 'pnpm-workspace.yaml'));
  return SHARED_PACKAGES.map((folder) => {
    if (inWorkspace) return readPackage(folder);
    const dir = packageDirOf(`@portal/${folder}`, process.cwd());
    return { dir, json: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) };
  });
}

/**
 * Checks each package's marker against its `exports` and returns the shared modules: every name in
 * `singletons` (the libraries', then each package's in its order), the subset `fromShell`, and each
 * package's boot entries as files.
 * @param {{ dir: string, json: { name: string, exports?: Record<string, string>, portal?: { shared?: string[], fromShell?: string[], boot?: string[] } } }[]} packages
 */
export function sharedModulesOf(packages) {
  const singletons = [...LIBRARY_SINGLETONS];
  const fromShell = [...LIBRARY_SINGLETONS];
  const boot = [];
  for (const { dir, json } of packages) {
    const marker = json.portal ?? {};
    const exports = json.exports ?? {};
    const specifier = (entry) => (entry === '.' ? json.name : `${json.name}/${entry.slice(2)}`);
    const fileOf = (list, entry) => {
      const target = exportTarget(exports, entry);
      if (!target || !fs.existsSync(path.join(dir, target))) {
        throw new Error(`${json.name}: "portal.${list}" names ${entry}, which its "exports" do not give a file for`);
      }
      return path.join(dir, target);
    };
    for (const entry of marker.shared ?? []) {
      fileOf('shared', entry);
      singletons.push(specifier(entry));
    }
    for (const entry of marker.fromShell ?? []) {
      if (!(marker.shared ?? []).includes(entry)) throw new Error(`${json.name}: "portal.fromShell" names ${entry}, which "portal.shared" does not`);
      fromShell.push(specifier(entry));
    }
    for (const entry of marker.boot ?? []) boot.push({ pkg: { dir, json }, file: fileOf('boot', entry) });
  }
  return { singletons, fromShell, boot };
}

/**
 * A module's imports that run with it: static imports and re-exports, without those that name types
 * only (erased) and without `import()` (a chunk of its own, fetched later).
 */
const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(type\s+)?(?:([^;'"]*?)\s*from\s*)?['"]([^'"]+)['"]/gm;
export function runtimeImports(code) {
  const out = [];
  for (const [, typeOnly, clause = '', specifier] of code.matchAll(STATIC_IMPORT)) {
    if (typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = named ? named[1].split(',').map((s) => s.trim()).filter(Boolean) : [];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(specifier);
  }
  return out;
}

/** A relative specifier's file (`.js` written for `.ts`, a folder's index), or undefined. */
function relativeFile(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/**
 * The files of the shell's `boot` chunk: each package's boot entries and, within the same package,
 * every file they import when they run (by a relative path or by the package's name).
 */
export function bootFiles(boot) {
  const seen = new Set();
  const queue = boot.map((b) => ({ ...b }));
  while (queue.length > 0) {
    const { pkg, file } = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
      let next;
      if (specifier.startsWith('.')) next = relativeFile(file, specifier);
      else if (specifier === pkg.json.name || specifier.startsWith(`${pkg.json.name}/`)) {
        const target = exportTarget(pkg.json.exports ?? {}, specifier === pkg.json.name ? '.' : `.${specifier.slice(pkg.json.name.length)}`);
        next = target && path.join(pkg.dir, target);
      }
      if (next && next.startsWith(pkg.dir + path.sep)) queue.push({ pkg, file: next });
    }
  }
  return seen;
}

const workspace = sharedModulesOf(sharedPackages());

/** The modules that must exist once on the page. */
export const SHARED_SINGLETONS = workspace.singletons;
/** The shared modules a remote takes from the shell (docs/decisions/0038). */
export const SHARED_FROM_SHELL = workspace.fromShell;
/** The files of the shell's `boot` chunk (absolute paths). */
export const bootChunkFiles = () => bootFiles(workspace.boot);
