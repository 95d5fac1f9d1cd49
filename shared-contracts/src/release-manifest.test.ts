import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { releaseManifestSchema } from './release';
import { readReleaseManifest } from './release-manifest';
import { REMOTE_IDS } from './remotes';

// The zod-free reader against the schema it stands in for: for every manifest, valid or mutated, both
// say yes or both say no, and a yes answers the same data (defaults, dropped keys, key order).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const optionalKeys = <T extends Record<string, unknown>>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }, required: (keyof T)[]) =>
  fc.record(model, { requiredKeys: required });

const appRoute = optionalKeys(
  {
    path: fc.string({ minLength: 1 }),
    area: fc.constantFrom('setup' as const, 'employer' as const, 'superAdmin' as const),
    module: fc.string({ minLength: 1 }),
    title: fc.string({ minLength: 1 }),
    nav: fc.string({ minLength: 1 }),
  },
  ['path', 'area', 'module', 'title'],
);
const app = fc.record({ mfName: fc.string({ minLength: 1 }), feature: fc.string({ minLength: 1 }), routes: fc.array(appRoute, { maxLength: 2 }) });
const buildRef = optionalKeys(
  { version: fc.string({ minLength: 1 }), entry: fc.string({ minLength: 1 }), contractsVersion: fc.string(), publishedAt: fc.string(), app },
  ['version', 'entry', 'contractsVersion'],
);
const guard = optionalKeys(
  {
    marginPoints: fc.double({ min: 0, max: 100, noNaN: true }),
    minPageViews: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    minSenders: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    autoPromoteAfterMs: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: null }),
    since: fc.string(),
  },
  ['marginPoints', 'minPageViews', 'autoPromoteAfterMs', 'since'],
);
const canary = fc
  .tuple(buildRef, optionalKeys({ percent: fc.double({ min: 0, max: 100, noNaN: true }), companies: fc.array(fc.string(), { maxLength: 3 }), guard }, ['percent']))
  .map(([ref, rest]) => ({ ...ref, ...rest }));
const remoteRelease = optionalKeys(
  { stable: buildRef, canary: fc.option(canary, { nil: null }), previous: fc.array(buildRef, { maxLength: 3 }), updatedAt: fc.string() },
  ['stable', 'updatedAt'],
);
const remotes = fc.subarray([...REMOTE_IDS]).chain((ids) => fc.tuple(...ids.map(() => remoteRelease)).map((rs) => Object.fromEntries(ids.map((id, i) => [id, rs[i]]))));
const freeze = fc.record({ companyId: fc.string({ minLength: 1 }), since: fc.string(), until: fc.string(), remotes });
const listedPreview = optionalKeys(
  { id: fc.string({ minLength: 1 }), remote: fc.constantFrom(...REMOTE_IDS), version: fc.string({ minLength: 1 }), until: fc.string(), createdAt: fc.string(), by: fc.string() },
  ['id', 'remote', 'version', 'until', 'createdAt'],
);
const activePreview = fc.record({ id: fc.string(), remote: fc.constantFrom(...REMOTE_IDS), until: fc.string(), build: buildRef });
const manifest = optionalKeys(
  {
    schemaVersion: fc.constant(1),
    shell: fc.record({ version: fc.string(), contractsVersion: fc.string() }),
    overrideOrigins: fc.array(fc.string(), { maxLength: 3 }),
    remotes,
    freezes: fc.array(freeze, { maxLength: 2 }),
    previews: fc.array(listedPreview, { maxLength: 2 }),
    preview: activePreview,
  },
  ['schemaVersion', 'shell', 'remotes'],
);

/** As the reader gets it: what `JSON.parse` answers. */
const asJson = (v: unknown): Json => JSON.parse(JSON.stringify(v)) as Json;

type Path = (string | number)[];
function paths(v: Json, at: Path = []): Path[] {
  const out: Path[] = at.length ? [at] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}
const containers = (v: Json): Path[] => [[], ...paths(v)].filter((p) => {
  const x = p.reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, v);
  return !!x && typeof x === 'object' && !Array.isArray(x);
});

/** Numbers around each range the schema sets (0-100, integers from 1, positive, safe integers). */
const edgeNumbers = [-1, -0.5, 0, 0.5, 1, 1.5, 99.9, 100, 100.5, 101, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21];
const wrongValues: Json[] = [null, true, 'x', '', 0, 1, 101, [], {}, ['x'], { version: 'x' }];

type Mutation =
  | { kind: 'remove'; pick: number }
  | { kind: 'replace'; pick: number; value: Json }
  | { kind: 'number'; pick: number; value: number }
  | { kind: 'extra'; pick: number; key: string; value: Json };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: fc.oneof(fc.constantFrom(...wrongValues, ...edgeNumbers), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>) }),
  // A number of the manifest (a share, a margin, a count, a delay) moved to the edge of a range or past it.
  fc.record({ kind: fc.constant('number' as const), pick: fc.nat(), value: fc.constantFrom(...edgeNumbers) }),
  fc.record({
    kind: fc.constant('extra' as const),
    pick: fc.nat(),
    key: fc.oneof(fc.constantFrom('__proto__', 'mfe-nope', ...REMOTE_IDS, 'stable', 'percent', 'extra'), fc.string()),
    value: fc.oneof(fc.constantFrom(...wrongValues), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>),
  }),
);

function mutate(original: Json, m: Mutation): Json {
  const v = asJson(original);
  if (m.kind === 'extra') {
    const places = containers(v);
    const at = places[m.pick % places.length] ?? [];
    const target = at.reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, v) as Record<string, Json>;
    // defineProperty: a `__proto__` key as JSON.parse makes it (an own key, not the prototype).
    Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return v;
  }
  const at = (m.kind === 'number' ? paths(v).filter((p) => typeof valueAt(v, p) === 'number') : paths(v)).find((_, i, all) => i === m.pick % all.length);
  if (!at) return v;
  const parent = at.slice(0, -1).reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, v) as Record<string | number, Json>;
  const key = at[at.length - 1] as string | number;
  if (m.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else parent[key] = m.value;
  return v;
}

function valueAt(v: Json, p: Path): Json {
  return p.reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, v);
}

function expectSameVerdict(input: Json): boolean {
  const parsed = releaseManifestSchema.safeParse(input);
  const read = readReleaseManifest(input);
  if (parsed.success) {
    expect(read).toStrictEqual(parsed.data);
    // The same keys in the same order, as the rest of the shell may iterate them.
    expect(JSON.stringify(read)).toBe(JSON.stringify(parsed.data));
  } else expect(read).toBeNull();
  return parsed.success;
}

describe('readReleaseManifest (the shell reads /release.json without zod)', () => {
  it('reads every valid manifest as the schema does', () => {
    fc.assert(
      fc.property(manifest, (m) => {
        expect(expectSameVerdict(asJson(m))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what the schema refuses and reads the rest alike, for each manifest mutated (a field removed, of the wrong type, out of range, an extra key)', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(manifest, fc.array(mutation, { minLength: 1, maxLength: 3 }), (m, mutations) => {
        const input = mutations.reduce<Json>((v, mu) => mutate(v, mu), asJson(m));
        if (expectSameVerdict(input)) accepted++;
        else refused++;
      }),
      { numRuns: 2000 },
    );
    // Both outcomes are exercised: mutations that the schema tolerates (an extra key of an object, a
    // removed optional field) and those it refuses.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
    // 2 000 manifests took 8 s on a busy machine: past the default 5 s.
  }, 60_000);

  it('treats the edges alike: each range bound, an unknown remote, a `__proto__` key, not an object', () => {
    const ref = { version: '1.0.0', entry: '/remotes/mfe-auth/1.0.0/mf-manifest.json', contractsVersion: '1.0.0' };
    const base = { schemaVersion: 1, shell: { version: '1.0.0', contractsVersion: '1.0.0' }, remotes: {} };
    const withCanary = (c: Record<string, Json>) => ({ ...base, remotes: { 'mfe-auth': { stable: ref, canary: { ...ref, ...c }, updatedAt: 'now' } } });
    const guard = { marginPoints: 5, minPageViews: 1, autoPromoteAfterMs: null, since: 'now' };
    const cases: Json[] = [
      null, [], 'release', base, { ...base, schemaVersion: 2 }, { ...base, remotes: [] },
      { ...base, remotes: { 'mfe-nope': { stable: ref, updatedAt: 'now' } } },
      JSON.parse('{"schemaVersion":1,"shell":{"version":"1","contractsVersion":"1"},"remotes":{"__proto__":{"stable":1}}}') as Json,
      { ...base, remotes: { 'mfe-auth': { stable: { ...ref, version: '' }, updatedAt: 'now' } } },
      ...[-0.001, 0, 100, 100.001].map((percent) => withCanary({ percent })),
      ...[0, 1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2].map((minPageViews) => withCanary({ percent: 5, guard: { ...guard, minPageViews } })),
      ...[-1, 0, 1, 2.5].map((autoPromoteAfterMs) => withCanary({ percent: 5, guard: { ...guard, autoPromoteAfterMs } })),
      ...[-1, 0, 100, 101].map((marginPoints) => withCanary({ percent: 5, guard: { ...guard, marginPoints } })),
      ...[0, 1, 2.5, Number.MAX_SAFE_INTEGER + 2].map((minSenders) => withCanary({ percent: 5, guard: { ...guard, minSenders } })),
      // A freeze: held releases of known remotes only, a company named.
      { ...base, freezes: [{ companyId: 'c', since: 'a', until: 'b', remotes: { 'mfe-auth': { stable: ref, updatedAt: 'now' } } }] },
      { ...base, freezes: [{ companyId: '', since: 'a', until: 'b', remotes: {} }] },
      { ...base, freezes: [{ companyId: 'c', since: 'a', until: 'b', remotes: { 'mfe-nope': { stable: ref, updatedAt: 'now' } } }] },
      { ...base, freezes: {} },
      // A preview: a known remote, a version named.
      { ...base, preview: { id: 'p', remote: 'mfe-auth', until: 'b', build: ref } },
      { ...base, preview: { id: 'p', remote: 'mfe-nope', until: 'b', build: ref } },
      { ...base, previews: [{ id: 'p', remote: 'mfe-auth', version: '1', until: 'b', createdAt: 'a' }] },
      { ...base, previews: [{ id: 'p', remote: 'mfe-auth', version: '', until: 'b', createdAt: 'a' }] },
      // The store's list may name a remote made outside the repository (behind nginx the bucket's
      // release.json reaches the shell as stored): read alike, or the whole portal would fail to load.
      { ...base, previews: [{ id: 'p', remote: 'mfe-parking', version: '1', until: 'b', createdAt: 'a' }] },
      { ...base, previews: [{ id: 'p', remote: 'parking', version: '1', until: 'b', createdAt: 'a' }] },
    ];
    expect(cases.map(expectSameVerdict)).toEqual([
      false, false, false, true, false, false,
      false,
      true,
      false,
      false, true, true, false,
      false, true, false, true, false,
      false, false, true, false,
      false, true, true, false,
      false, true, false, false,
      true, false, false, false,
      true, false, true, false,
      true, false,
    ]);
  });

  it('reads a remote this build does not know when it has a remote id and its build carries a descriptor (docs/decisions/0050)', () => {
    const app = { mfName: 'mfe_parking', feature: 'Parking', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }] };
    const ref = { version: '1.0.0', entry: '/remotes/mfe-parking/1.0.0/mf-manifest.json', contractsVersion: '1.0.0', app };
    const base = { schemaVersion: 1, shell: { version: '1.0.0', contractsVersion: '1.0.0' }, remotes: {} };
    const read = readReleaseManifest({ ...base, remotes: { 'mfe-parking': { stable: ref, updatedAt: 'now' } } });
    expect(read?.remotes).toEqual({ 'mfe-parking': { stable: ref, previous: [], updatedAt: 'now' } });
    expect(readReleaseManifest({ ...base, preview: { id: 'p', remote: 'mfe-parking', until: 'b', build: ref } })?.preview?.remote).toBe('mfe-parking');
    // Without a descriptor, with an id of another shape, or with a page in the public area: refused, as before.
    const { app: _none, ...bare } = ref;
    expect(readReleaseManifest({ ...base, remotes: { 'mfe-parking': { stable: bare, updatedAt: 'now' } } })).toBeNull();
    expect(readReleaseManifest({ ...base, remotes: { 'Parking!': { stable: ref, updatedAt: 'now' } } })).toBeNull();
    const publicRoute = { ...ref, app: { ...app, routes: [{ ...app.routes[0], area: 'public' }] } };
    expect(readReleaseManifest({ ...base, remotes: { 'mfe-parking': { stable: publicRoute, updatedAt: 'now' } } })).toBeNull();
  });
});
