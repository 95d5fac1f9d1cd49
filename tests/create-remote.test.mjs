// `pnpm create-remote` / `pnpm remove-remote` (scripts/create-remote.mjs, docs/decisions/0050) on a
// copy of the files they read and change: every file written, each edit outside the new folder, the
// refusals, and the tree byte for byte as before after a removal. Building, testing and publishing a
// generated remote is e2e/tests/created-remote.spec.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as generator from '../scripts/create-remote.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const quiet = { install: false, log: () => {} };

/** The files the generator reads or changes, copied into a fresh folder. */
function copyOfTree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'create-remote-'));
  for (const rel of ['shared-contracts/src/remotes.json', 'shared-contracts/src/routes.ts', 'build-config/budgets.json']) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    cpSync(path.join(ROOT, rel), path.join(dir, rel));
  }
  cpSync(path.join(ROOT, 'build-config/templates'), path.join(dir, 'build-config/templates'), { recursive: true });
  // A remote already in the tree (its folder), as mfe-billing is.
  mkdirSync(path.join(dir, 'mfe-billing'));
  return dir;
}

function snapshot(dir, rel = '') {
  const out = {};
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const file = path.join(rel, name);
    if (statSync(path.join(dir, file)).isDirectory()) Object.assign(out, { [`${file}/`]: 'dir' }, snapshot(dir, file));
    else out[file] = createHash('sha256').update(readFileSync(path.join(dir, file))).digest('hex');
  }
  return out;
}

const read = (dir, rel) => readFileSync(path.join(dir, rel), 'utf8');

test('writes a remote that follows decision 12, and changes only its remotes.json entry and its budgets outside it', () => {
  const dir = copyOfTree();
  const before = snapshot(dir);
  const remotesBefore = read(dir, 'shared-contracts/src/remotes.json');
  const { written } = generator.createRemote(dir, { id: 'mfe-car-park', feature: 'Car park', route: '/car-park' }, quiet);

  assert.deepEqual(written.sort(), [
    'mfe-car-park/README.md',
    'mfe-car-park/dev/harness.tsx',
    'mfe-car-park/dev/rspack.harness.mjs',
    'mfe-car-park/package.json',
    'mfe-car-park/rspack.config.mjs',
    'mfe-car-park/src/api/get-company.ts',
    'mfe-car-park/src/api/keys.ts',
    'mfe-car-park/src/exposes/car-park-page.tsx',
    'mfe-car-park/src/exposes/exposes.test.ts',
    'mfe-car-park/src/features/car-park/car-park-page.test.tsx',
    'mfe-car-park/src/features/car-park/car-park-page.tsx',
    'mfe-car-park/src/globals.d.ts',
    'mfe-car-park/src/index.ts',
    'mfe-car-park/src/test/fixtures.ts',
    'mfe-car-park/tsconfig.json',
    'mfe-car-park/vitest.config.ts',
  ]);
  // Decision 12's one-line files, named after the remote; no placeholder left anywhere.
  assert.equal(read(dir, 'mfe-car-park/rspack.config.mjs'), "import { remoteConfig } from '@portal/build-config';\n\nexport default remoteConfig('mfe-car-park', import.meta.dirname);\n");
  assert.match(read(dir, 'mfe-car-park/src/exposes/exposes.test.ts'), /describeExposes\('mfe-car-park', import\.meta\.dirname\);/);
  assert.equal(JSON.parse(read(dir, 'mfe-car-park/package.json')).name, '@portal/mfe-car-park');
  assert.match(read(dir, 'mfe-car-park/src/exposes/car-park-page.tsx'), /import \{ CarParkPage \} from '\.\.\/features\/car-park\/car-park-page';/);
  assert.match(read(dir, 'mfe-car-park/src/api/keys.ts'), /export const carParkKeys = \{\n {2}all: \['car-park'\] as const,/);
  for (const file of written) assert.doesNotMatch(read(dir, file), /__[A-Z]+__/, file);

  // remotes.json: the others' text untouched, the new entry last, with the next free port and its page.
  const remotesAfter = read(dir, 'shared-contracts/src/remotes.json');
  assert.ok(remotesAfter.startsWith(remotesBefore.slice(0, remotesBefore.lastIndexOf('\n}'))));
  const remotes = JSON.parse(remotesAfter);
  assert.deepEqual(Object.keys(remotes).at(-1), 'mfe-car-park');
  assert.deepEqual(remotes['mfe-car-park'], {
    mfName: 'mfe_car_park',
    feature: 'Car park',
    devPort: Math.max(...Object.values(JSON.parse(remotesBefore)).map((r) => r.devPort)) + 1,
    exposes: ['CarParkPage'],
    routes: [{ path: '/car-park', area: 'employer', module: 'CarParkPage', title: 'Car park', nav: 'Car park' }],
  });
  assert.deepEqual(JSON.parse(read(dir, 'build-config/budgets.json')).remotes['mfe-car-park'], {
    remoteEntry: generator.STARTING_BUDGETS.remoteEntry,
    exposes: { CarParkPage: generator.STARTING_BUDGETS.page },
  });

  // Nothing else outside the new folder.
  const after = snapshot(dir);
  const changed = Object.keys({ ...before, ...after }).filter((f) => !f.startsWith('mfe-car-park') && before[f] !== after[f]);
  assert.deepEqual(changed.sort(), ['build-config/budgets.json', 'shared-contracts/src/remotes.json']);

  generator.removeRemote(dir, 'mfe-car-park', quiet);
  assert.deepEqual(snapshot(dir), before);
});

test('removes a remote whose team has changed its entry since, and leaves a remote added later in place', () => {
  const dir = copyOfTree();
  const before = snapshot(dir);
  generator.createRemote(dir, { id: 'mfe-parking', feature: 'Parking' }, quiet);
  const withOne = snapshot(dir);
  generator.createRemote(dir, { id: 'mfe-lockers', feature: 'Lockers', area: 'superAdmin', nav: 'Lockers' }, quiet);
  const file = path.join(dir, 'shared-contracts/src/remotes.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"exposes": [\n      "LockersPage"\n    ]', '"exposes": [\n      "LockersPage",\n      "LockersWidget"\n    ]'));
  assert.match(readFileSync(file, 'utf8'), /"LockersWidget"/);
  generator.removeRemote(dir, 'mfe-lockers', quiet);
  assert.deepEqual(snapshot(dir), withOne);
  generator.removeRemote(dir, 'mfe-parking', quiet);
  assert.deepEqual(snapshot(dir), before);
});

test('refuses a bad name, a taken one, a missing feature, a page over a portal page, an unknown area, and leaves the tree as it was', () => {
  const dir = copyOfTree();
  const before = snapshot(dir);
  const refusals = [
    [{ id: 'parking', feature: 'Parking' }, /mfe- then lower-case words/],
    [{ id: 'mfe-Parking', feature: 'Parking' }, /mfe- then lower-case words/],
    [{ id: 'mfe-car--park', feature: 'Parking' }, /mfe- then lower-case words/],
    [{ id: `mfe-${'a'.repeat(40)}`, feature: 'Parking' }, /at most 40/],
    [{ id: 'mfe-billing', feature: 'Parking' }, /mfe-billing is taken: it is already in/],
    [{ id: 'mfe-auth', feature: 'Parking' }, /is taken/],
    [{ id: 'mfe-parking' }, /--feature "<Feature>" is required/],
    [{ id: 'mfe-parking', feature: 'Billing' }, /already called "Billing"/],
    [{ id: 'mfe-parking', feature: 'Parking', route: '/payment' }, /would share \/payment/],
    [{ id: 'mfe-parking', feature: 'Parking', route: '/super-admin/parking' }, /would share \/super-admin/],
    [{ id: 'mfe-parking', feature: 'Parking', route: '/parking/:id' }, /--route must be/],
    [{ id: 'mfe-parking', feature: 'Parking', area: 'public' }, /--area must be one of setup, employer, superAdmin/],
  ];
  for (const [request, message] of refusals) {
    assert.throws(() => generator.createRemote(dir, request, quiet), (e) => e instanceof generator.CreateRemoteError && message.test(e.message), JSON.stringify(request));
  }
  // A folder of that name without an entry is taken too.
  mkdirSync(path.join(dir, 'mfe-parking'));
  assert.throws(() => generator.createRemote(dir, { id: 'mfe-parking', feature: 'Parking' }, quiet), /the folder mfe-parking\/ exists/);
  // The six built in are not this command's to remove.
  assert.throws(() => generator.removeRemote(dir, 'mfe-billing', quiet), /was not made by create-remote/);
  const after = snapshot(dir);
  delete after['mfe-parking/'];
  assert.deepEqual(after, before);
});

test('applies the same rules as the shell does to what is released (shared-contracts/src/remote-app.ts)', () => {
  // The id's rules and the areas sit with the release reader (remote-id.ts, on the login page's path), the rest in remote-app.ts.
  const source = read(ROOT, 'shared-contracts/src/remote-app.ts') + read(ROOT, 'shared-contracts/src/remote-id.ts');
  const pattern = (name) => source.match(new RegExp(`export const ${name} = /(.+)/;`))?.[1];
  const number = (name) => Number(source.match(new RegExp(`export const ${name} = (\\d+);`))?.[1]);
  assert.equal(generator.REMOTE_ID_PATTERN.source, pattern('REMOTE_ID_PATTERN'));
  assert.equal(generator.ROUTE_PATH_PATTERN.source, pattern('ROUTE_PATH_PATTERN'));
  for (const n of ['REMOTE_ID_MAX', 'ROUTE_PATH_MAX', 'FEATURE_MAX', 'NAV_LABEL_MAX']) assert.equal(generator[n], number(n), n);
  assert.match(source, new RegExp(`ADDED_REMOTE_AREAS = \\[${generator.ADDED_REMOTE_AREAS.map((a) => `'${a}'`).join(', ')}\\] as const`));
});

test('--standalone writes a repository of its own outside this tree, against the packed packages, and changes nothing here', () => {
  const dir = copyOfTree();
  for (const rel of ['pnpm-workspace.yaml', 'package.json', 'tsconfig.base.json', ...generator.SHARED_PACKAGES.map((p) => `${p}/package.json`)]) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    cpSync(path.join(ROOT, rel), path.join(dir, rel));
  }
  const before = snapshot(dir);
  const outside = mkdtempSync(path.join(tmpdir(), 'standalone-'));
  const target = path.join(outside, 'parking');
  const tarballs = path.join(outside, 'packages');
  mkdirSync(tarballs);
  for (const p of generator.SHARED_PACKAGES) writeFileSync(path.join(tarballs, `portal-${p}-1.0.0.tgz`), '');
  generator.main(['mfe-parking', '--feature', 'Parking', '--standalone', target, '--packages', tarballs, '--no-install'], dir);

  assert.deepEqual(snapshot(dir), before);
  const files = Object.keys(snapshot(target)).filter((f) => !f.endsWith('/')).sort();
  assert.deepEqual(files, [
    '.gitignore',
    'README.md',
    'dev/harness.tsx',
    'dev/rspack.harness.mjs',
    'package.json',
    'remote.json',
    'rspack.config.mjs',
    'src/api/get-company.ts',
    'src/api/keys.ts',
    'src/exposes/exposes.test.ts',
    'src/exposes/parking-page.tsx',
    'src/features/parking/parking-page.test.tsx',
    'src/features/parking/parking-page.tsx',
    'src/globals.d.ts',
    'src/index.ts',
    'src/test/fixtures.ts',
    'tsconfig.json',
    'vitest.config.ts',
  ]);
  const pkg = JSON.parse(read(target, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  assert.equal(pkg.name, 'mfe-parking');
  // Every version resolvable outside the workspace: the catalog's, and the tarballs for the portal's own.
  assert.deepEqual(Object.values(deps).filter((v) => /^(?:catalog|workspace):/.test(v)), []);
  for (const p of generator.SHARED_PACKAGES) assert.equal(deps[`@portal/${p}`], `file:${path.join(tarballs, `portal-${p}-1.0.0.tgz`)}`);
  assert.equal(deps.react, generator.catalogOf(ROOT).react);
  assert.deepEqual(JSON.parse(read(target, 'remote.json')), {
    id: 'mfe-parking',
    mfName: 'mfe_parking',
    feature: 'Parking',
    devPort: Math.max(...Object.values(JSON.parse(read(ROOT, 'shared-contracts/src/remotes.json'))).map((r) => r.devPort)) + 1,
    exposes: ['ParkingPage'],
    routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }],
  });
  const tsconfig = JSON.parse(read(target, 'tsconfig.json'));
  assert.equal(tsconfig.extends, undefined);
  assert.equal(tsconfig.compilerOptions.strict, true);
  // Its page and tests read its own entry: the packed contracts do not know it.
  assert.doesNotMatch(read(target, 'src/features/parking/parking-page.tsx'), /remotes\.json/);
  assert.match(read(target, 'src/exposes/exposes.test.ts'), /describeExposes\(remote\.id, import\.meta\.dirname, remote\.exposes\)/);
  // Without --packages, the registry's versions.
  const fromRegistry = path.join(outside, 'from-registry');
  generator.main(['mfe-parking', '--feature', 'Parking', '--standalone', fromRegistry, '--no-install'], dir);
  assert.equal(JSON.parse(read(fromRegistry, 'package.json')).dependencies['@portal/shared-contracts'], '^1.0.0');
});

test('--standalone refuses a folder inside this repository, a folder not empty, and missing tarballs', () => {
  const dir = copyOfTree();
  for (const rel of ['pnpm-workspace.yaml', 'package.json', 'tsconfig.base.json', ...generator.SHARED_PACKAGES.map((p) => `${p}/package.json`)]) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    cpSync(path.join(ROOT, rel), path.join(dir, rel));
  }
  const run = (target, ...more) => () => generator.main(['mfe-parking', '--feature', 'Parking', '--standalone', target, ...more, '--no-install'], dir);
  assert.throws(run(path.join(dir, 'parking')), /is inside this repository/);
  const outside = mkdtempSync(path.join(tmpdir(), 'standalone-'));
  writeFileSync(path.join(outside, 'x'), '');
  assert.throws(run(outside), /is not empty/);
  assert.throws(run(path.join(outside, 'p'), '--packages', outside), /has no portal-shared-contracts-1\.0\.0\.tgz: run pnpm pack-shared/);
  // The generator's own checks apply: an id of the portal's is taken.
  assert.throws(() => generator.main(['mfe-billing', '--feature', 'Money', '--standalone', path.join(outside, 'b'), '--no-install'], dir), /mfe-billing is taken/);
});
