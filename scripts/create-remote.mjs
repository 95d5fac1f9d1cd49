#!/usr/bin/env node
// `pnpm create-remote mfe-<name> --feature "<Feature>" [--route /path] [--area employer|superAdmin|setup] [--nav "<Label>"]`
// writes a remote that follows decision 12 from build-config/templates/remote/, and
// `pnpm remove-remote mfe-<name>` undoes it. Outside the new folder it changes exactly three files:
// its entry in shared-contracts/src/remotes.json (with the page it draws: docs/decisions/0050), its
// budgets in build-config/budgets.json and, through `pnpm install --prefer-offline`, the lockfile's importer.
// The workspace (`mfe-*`), the lint zones and the build and start scripts take any mfe-* folder already.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(import.meta.dirname, '..');
const TEMPLATE = path.join('build-config', 'templates', 'remote');
const STANDALONE_TEMPLATE = path.join('build-config', 'templates', 'standalone');
const REMOTES_JSON = path.join('shared-contracts', 'src', 'remotes.json');
const ROUTES_TS = path.join('shared-contracts', 'src', 'routes.ts');
const BUDGETS_JSON = path.join('build-config', 'budgets.json');

// The same rules as shared-contracts/src/remote-app.ts, which the shell applies to what is released
// (tests/create-remote.test.mjs checks that the two agree). Lengths are checked before patterns.
export const REMOTE_ID_MAX = 40;
export const REMOTE_ID_PATTERN = /^mfe-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const ROUTE_PATH_MAX = 80;
export const ROUTE_PATH_PATTERN = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
export const FEATURE_MAX = 60;
export const NAV_LABEL_MAX = 40;
export const ADDED_REMOTE_AREAS = ['setup', 'employer', 'superAdmin'];

/** What a new remote starts with: its page's budget and its container's (KB gzip, build-config/budgets.json). */
export const STARTING_BUDGETS = { remoteEntry: 10, page: 1 };

export class CreateRemoteError extends Error {}

const pascal = (words) => words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const camel = (words) => words[0] + pascal(words.slice(1));
const firstSegment = (p) => (p.split('/')[1] ?? '').toLowerCase();

/** The page paths the portal uses already: the contracts' ROUTES and the pages of remotes added before. */
function takenSegments(root, remotes) {
  const routes = readFileSync(path.join(root, ROUTES_TS), 'utf8');
  const paths = [...routes.matchAll(/'(\/[^']*)'/g)].map((m) => m[1]);
  for (const info of Object.values(remotes)) for (const r of info.routes ?? []) paths.push(r.path);
  return new Set(paths.map(firstSegment).filter(Boolean));
}

/** The names a remote's files and code use, from its id: mfe-car-park -> car-park, CarPark, carPark, mfe_car_park. */
export function namesOf(id) {
  const name = id.slice('mfe-'.length);
  const words = name.split('-');
  return { id, name, pascal: pascal(words), camel: camel(words), mfName: id.replace(/-/g, '_') };
}

/** Checks the request against the tree; returns the remote's entry and names, or throws what to change. */
export function plan(root, { id, feature, route, area = 'employer', nav }) {
  if (typeof id !== 'string' || id.length > REMOTE_ID_MAX || !REMOTE_ID_PATTERN.test(id)) {
    throw new CreateRemoteError(`The name must be mfe- then lower-case words joined by hyphens, at most ${REMOTE_ID_MAX} characters (e.g. mfe-car-park).`);
  }
  const remotes = JSON.parse(readFileSync(path.join(root, REMOTES_JSON), 'utf8'));
  if (remotes[id]) throw new CreateRemoteError(`${id} is taken: it is already in ${REMOTES_JSON}.`);
  if (existsSync(path.join(root, id))) throw new CreateRemoteError(`${id} is taken: the folder ${id}/ exists.`);
  const names = namesOf(id);
  const featureName = typeof feature === 'string' ? feature.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (!featureName || featureName.length > FEATURE_MAX || /[\u0000-\u001f<>]/.test(featureName)) {
    throw new CreateRemoteError(`--feature "<Feature>" is required: the feature's name as users read it, at most ${FEATURE_MAX} characters.`);
  }
  if (Object.values(remotes).some((r) => r.feature.toLowerCase() === featureName.toLowerCase())) {
    throw new CreateRemoteError(`Another remote is already called "${featureName}".`);
  }
  const pagePath = route ?? `/${names.name}`;
  if (pagePath.length > ROUTE_PATH_MAX || !ROUTE_PATH_PATTERN.test(pagePath)) {
    throw new CreateRemoteError(`--route must be /lower-case-words (no parameter), at most ${ROUTE_PATH_MAX} characters.`);
  }
  if (takenSegments(root, remotes).has(firstSegment(pagePath))) {
    throw new CreateRemoteError(`--route ${pagePath} would share /${firstSegment(pagePath)} with a page the portal has: choose another first segment.`);
  }
  if (!ADDED_REMOTE_AREAS.includes(area)) throw new CreateRemoteError(`--area must be one of ${ADDED_REMOTE_AREAS.join(', ')}.`);
  const navLabel = (nav ?? featureName).trim();
  if (!navLabel || navLabel.length > NAV_LABEL_MAX) throw new CreateRemoteError(`--nav must be 1 to ${NAV_LABEL_MAX} characters.`);
  const devPort = Math.max(...Object.values(remotes).map((r) => r.devPort)) + 1;
  const module = `${names.pascal}Page`;
  const entry = {
    mfName: names.mfName,
    feature: featureName,
    devPort,
    exposes: [module],
    routes: [{ path: pagePath, area, module, title: featureName, nav: navLabel }],
  };
  return { names, entry };
}

function* templateFiles(dir, rel = '') {
  for (const name of readdirSync(path.join(dir, rel))) {
    const file = path.join(rel, name);
    if (statSync(path.join(dir, file)).isDirectory()) yield* templateFiles(dir, file);
    else if (name.endsWith('.tpl')) yield file;
  }
}

/** The remote's entry, added as the last one of remotes.json without touching the others' layout. */
export function withRemoteEntry(text, id, entry) {
  const body = JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ');
  const end = text.lastIndexOf('\n}');
  if (end < 0) throw new CreateRemoteError(`${REMOTES_JSON} does not end with its closing brace.`);
  return `${text.slice(0, end)},\n  ${JSON.stringify(id)}: ${body}${text.slice(end)}`;
}

/** remotes.json without the remote's entry (as withRemoteEntry wrote it, or as its team changed it since). */
export function withoutRemoteEntry(text, id) {
  const start = text.indexOf(`,\n  ${JSON.stringify(id)}: {`);
  if (start < 0) return text;
  const close = text.indexOf('\n  }', start + 1);
  return text.slice(0, start) + text.slice(close + '\n  }'.length);
}

function pnpmInstall(root) {
  execFileSync('pnpm', ['install', '--prefer-offline', '--reporter=silent'], { cwd: root, stdio: 'inherit' });
}

/** Fills a template's placeholders with the remote's names, feature, first route and dev port. */
function templateFill(names, entry) {
  const route = entry.routes[0];
  const values = {
    __ID__: names.id,
    __MF__: names.mfName,
    __NAME__: names.name,
    __PASCAL__: names.pascal,
    __CAMEL__: names.camel,
    __FEATURE__: entry.feature,
    __ROUTE__: route.path,
    __AREA__: route.area,
    __PORT__: String(entry.devPort),
  };
  return (s) => s.replace(/__(?:ID|MF|NAME|PASCAL|CAMEL|FEATURE|ROUTE|AREA|PORT)__/g, (k) => values[k]);
}

/**
 * Writes mfe-<name>/ and its three edits. `install: false` leaves the lockfile and node_modules to the
 * caller (the repository test, which works on a copy of the tree).
 */
export function createRemote(root, request, { install = true, log = console.log } = {}) {
  const { names, entry } = plan(root, request);
  const route = entry.routes[0];
  const fill = templateFill(names, entry);
  const written = [];
  const template = path.join(root, TEMPLATE);
  for (const file of templateFiles(template)) {
    const target = path.join(root, names.id, fill(file.slice(0, -'.tpl'.length)));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, fill(readFileSync(path.join(template, file), 'utf8')));
    written.push(path.relative(root, target));
  }
  const remotesFile = path.join(root, REMOTES_JSON);
  writeFileSync(remotesFile, withRemoteEntry(readFileSync(remotesFile, 'utf8'), names.id, entry));
  const budgetsFile = path.join(root, BUDGETS_JSON);
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));
  budgets.remotes[names.id] = { remoteEntry: STARTING_BUDGETS.remoteEntry, exposes: { [route.module]: STARTING_BUDGETS.page } };
  writeFileSync(budgetsFile, `${JSON.stringify(budgets, null, 2)}\n`);
  if (install) pnpmInstall(root);
  log(`${names.id}: ${written.length} files in ${names.id}/, its entry in ${REMOTES_JSON} (dev port ${entry.devPort}, page ${route.path} in the ${route.area} area), its budgets in ${BUDGETS_JSON}.`);
  log(`Next: pnpm --filter @portal/${names.id} test, pnpm build, pnpm release publish ${names.id} (docs/new-team-guide.md).`);
  return { names, entry, written };
}

/** The packages a remote builds against, packed by `pnpm pack-shared` (scripts/pack-shared.mjs). */
export const SHARED_PACKAGES = ['shared-contracts', 'shared-ui', 'build-config', 'testing'];

/** The workspace catalog (pnpm-workspace.yaml `catalog:`): the third-party versions the shell is built with. */
export function catalogOf(root) {
  const out = {};
  let inCatalog = false;
  for (const line of readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^\S/.test(line)) inCatalog = line.trim() === 'catalog:';
    else if (inCatalog) {
      const m = /^\s+"?([^":\s]+)"?:\s*(\S+)\s*$/.exec(line);
      if (m) out[m[1]] = m[2];
    }
  }
  return out;
}

/**
 * What `@portal/<package>` is installed from outside this repository: the tarball `pnpm pack-shared`
 * wrote into `packages` (a `file:` path), or, without it, the version from the registry the packages
 * are published to (docs/new-team-guide.md).
 */
function sharedSpecifier(root, name, packages) {
  const folder = name.slice('@portal/'.length);
  const { version } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  if (!packages) return `^${version}`;
  const tarball = path.join(packages, `portal-${folder}-${version}.tgz`);
  if (!existsSync(tarball)) throw new CreateRemoteError(`--packages ${packages} has no ${path.basename(tarball)}: run pnpm pack-shared ${packages} first.`);
  return `file:${tarball}`;
}

/** The generated package.json with the versions an outside install can resolve: no catalog:, no workspace:. */
export function standalonePackageJson(root, text, { packages } = {}) {
  const pkg = JSON.parse(text);
  const catalog = catalogOf(root);
  const pin = (deps) => {
    for (const [name, spec] of Object.entries(deps ?? {})) {
      if (spec === 'catalog:') {
        if (!catalog[name]) throw new CreateRemoteError(`${name} is not in the workspace catalog.`);
        deps[name] = catalog[name];
      } else if (spec.startsWith('workspace:')) deps[name] = sharedSpecifier(root, name, packages);
    }
  };
  pin(pkg.dependencies);
  pin(pkg.devDependencies);
  // The tests' and the exposes check's Node types, which this repository's root provides.
  pkg.devDependencies = Object.fromEntries(Object.entries({ ...pkg.devDependencies, '@types/node': catalog['@types/node'] }).sort(([a], [b]) => a.localeCompare(b)));
  const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  // Its own name: the `@portal` scope is the portal's packages'.
  return `${JSON.stringify({ ...pkg, name: pkg.name.replace(/^@portal\//, ''), packageManager }, null, 2)}\n`;
}

/** The generated tsconfig.json on its own: this repository's base options, the remote's own on top. */
export function standaloneTsconfig(root, text) {
  const own = JSON.parse(text);
  const base = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
  const { extends: _, ...rest } = own;
  const types = [...(own.compilerOptions?.types ?? []), 'node'];
  return `${JSON.stringify({ ...rest, compilerOptions: { ...base.compilerOptions, ...own.compilerOptions, types }, include: [...own.include, 'remote.json'] }, null, 2)}\n`;
}

/**
 * `pnpm create-remote --standalone <dir> mfe-<name> --feature "<Feature>" [--packages <tarballs>]`:
 * the same remote as createRemote, written to <dir> as a repository of its own that installs the
 * portal's packed packages. Nothing in this tree changes: the remote keeps its entry in its own
 * remote.json, its build records its pages and a shell built without it learns them from release.json
 * (docs/decisions/0050). The checks are the generator's, against the contracts of this tree.
 */
export function createStandalone(root, dir, request, { install = true, packages, log = console.log } = {}) {
  const relative = path.relative(root, dir);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    throw new CreateRemoteError(`--standalone ${dir} is inside this repository: give a folder outside it (a remote in the repository is pnpm create-remote without --standalone).`);
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new CreateRemoteError(`--standalone ${dir} is not empty.`);
  const { names, entry } = plan(root, request);
  const route = entry.routes[0];
  const fill = templateFill(names, entry);
  const files = new Map();
  // The standalone templates replace the in-repository ones of the same path.
  for (const template of [TEMPLATE, STANDALONE_TEMPLATE]) {
    for (const file of templateFiles(path.join(root, template))) files.set(file, path.join(root, template, file));
  }
  const packagesDir = packages ? path.resolve(packages) : undefined;
  const written = [];
  for (const [file, source] of files) {
    // npm's packing drops files named .gitignore: the template is gitignore.
    const rel = fill(file.slice(0, -'.tpl'.length)).replace(/^gitignore$/, '.gitignore');
    let text = fill(readFileSync(source, 'utf8'));
    if (rel === 'package.json') text = standalonePackageJson(root, text, { packages: packagesDir });
    if (rel === 'tsconfig.json') text = standaloneTsconfig(root, text);
    const target = path.join(dir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    written.push(rel);
  }
  writeFileSync(path.join(dir, 'remote.json'), `${JSON.stringify({ id: names.id, ...entry }, null, 2)}\n`);
  written.push('remote.json');
  if (install) execFileSync('pnpm', ['install', '--prefer-offline', '--reporter=silent'], { cwd: dir, stdio: 'inherit' });
  log(`${names.id}: ${written.length} files in ${dir} (page ${route.path} in the ${route.area} area); nothing in this repository changed.`);
  log(`Next, in ${dir}: pnpm test, pnpm build, then pnpm release publish ${names.id} --dir <its dist> (docs/new-team-guide.md).`);
  return { names, entry, written };
}

/** Deletes mfe-<name>/ and undoes the edits createRemote made. */
export function removeRemote(root, id, { install = true, log = console.log } = {}) {
  if (typeof id !== 'string' || id.length > REMOTE_ID_MAX || !REMOTE_ID_PATTERN.test(id)) throw new CreateRemoteError('Name the remote to remove: mfe-<name>.');
  const remotesFile = path.join(root, REMOTES_JSON);
  const remotes = JSON.parse(readFileSync(remotesFile, 'utf8'));
  if (!remotes[id]) throw new CreateRemoteError(`${id} is not in ${REMOTES_JSON}.`);
  // The six the portal was designed with carry no `routes`: they are not this command's to remove.
  if (!remotes[id].routes) throw new CreateRemoteError(`${id} was not made by create-remote: its pages are the shell's route table.`);
  writeFileSync(remotesFile, withoutRemoteEntry(readFileSync(remotesFile, 'utf8'), id));
  const budgetsFile = path.join(root, BUDGETS_JSON);
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));
  delete budgets.remotes[id];
  writeFileSync(budgetsFile, `${JSON.stringify(budgets, null, 2)}\n`);
  rmSync(path.join(root, id), { recursive: true, force: true });
  if (install) pnpmInstall(root);
  log(`${id}: removed (its folder, its entry in ${REMOTES_JSON}, its budgets).`);
  log(`A release store that still names ${id} must forget it before a portal runs from this tree (docs/new-team-guide.md, section 8).`);
}

function parseArgs(argv) {
  const out = { positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--no-install') out.install = false;
    else if (a.startsWith('--')) {
      const value = argv[i + 1];
      if (value === undefined) throw new CreateRemoteError(`${a} needs a value.`);
      out[a.slice(2)] = value;
      i++;
    } else out.positional.push(a);
  }
  return out;
}

export function main(argv, root = REPO) {
  const args = parseArgs(argv);
  const options = { install: args.install !== false };
  if (args.remove !== undefined || args.positional[0] === 'remove') {
    removeRemote(root, args.remove ?? args.positional[1], options);
    return;
  }
  if (args.standalone !== undefined) {
    createStandalone(root, path.resolve(args.standalone), { id: args.positional[0], feature: args.feature, route: args.route, area: args.area, nav: args.nav }, { ...options, packages: args.packages });
    return;
  }
  createRemote(root, { id: args.positional[0], feature: args.feature, route: args.route, area: args.area, nav: args.nav }, options);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CreateRemoteError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
