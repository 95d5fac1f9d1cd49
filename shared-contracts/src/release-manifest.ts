import type { ActivePreview, BuildRef, ReleaseFreeze, ReleaseManifest, ReleasePreview, RemoteApp, RemoteRelease } from './release';
import { ADDED_REMOTE_AREAS, isRemoteId } from './remote-id';
import { REMOTE_IDS, type RemoteId } from './remotes';

// What the shell needs of the release format before any remote loads, without zod: the contracts
// version and /release.json read by hand. The shell reads the manifest on every page's path, the login
// page's included, and zod with the schemas weighs more than the rest of its start-up code; the schema
// in release.ts stays the format's definition (the release CLI, the portal server and the api parse
// with it), and release-manifest.test.ts proves that this reader accepts exactly what the schema
// accepts and returns the same data (docs/decisions/0026-login-path-without-zod.md).

/** The version of this contracts package; a build records the one it was made against. */
export const CONTRACTS_VERSION = '1.0.0';
export const contractsMajor = (v: string) => Number.parseInt(v.split('.')[0] ?? '0', 10);

type Json = Record<string, unknown>;

/** Not a match: unwinds the reader to its one `null`. */
class Mismatch extends Error {}
const fail = (): never => {
  throw new Mismatch();
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const object = (v: unknown): Json => (isObject(v) ? v : fail());
const string = (v: unknown): string => (typeof v === 'string' ? v : fail());
const nonEmpty = (v: unknown): string => (string(v).length >= 1 ? (v as string) : fail());
const number = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : fail());
const between = (v: unknown, min: number, max: number): number => {
  const n = number(v);
  return n >= min && n <= max ? n : fail();
};
const safeInt = (v: unknown): number => (Number.isSafeInteger(number(v)) ? (v as number) : fail());
const array = <T>(v: unknown, item: (x: unknown) => T): T[] => (Array.isArray(v) ? v.map(item) : fail());
/** An optional key: absent stays absent (the schema's `z.optional`). */
const has = (o: Json, key: string) => Object.prototype.hasOwnProperty.call(o, key) && o[key] !== undefined;

function app(v: unknown): RemoteApp {
  const o = object(v);
  const routes = array(o.routes, (r) => {
    const route = object(r);
    const area = ADDED_REMOTE_AREAS.find((a) => a === route.area) ?? fail();
    const out: RemoteApp['routes'][number] = { path: nonEmpty(route.path), area, module: nonEmpty(route.module), title: nonEmpty(route.title) };
    if (has(route, 'nav')) out.nav = nonEmpty(route.nav);
    return out;
  });
  return { mfName: nonEmpty(o.mfName), feature: nonEmpty(o.feature), routes };
}

function buildRef(v: unknown): BuildRef {
  const o = object(v);
  const ref: BuildRef = { version: nonEmpty(o.version), entry: nonEmpty(o.entry), contractsVersion: string(o.contractsVersion) };
  if (has(o, 'publishedAt')) ref.publishedAt = string(o.publishedAt);
  if (has(o, 'app')) ref.app = app(o.app);
  return ref;
}

type Canary = NonNullable<RemoteRelease['canary']>;
type Guard = NonNullable<Canary['guard']>;

function guard(v: unknown): Guard {
  const o = object(v);
  const autoPromote = o.autoPromoteAfterMs === null ? null : safeInt(o.autoPromoteAfterMs);
  if (autoPromote !== null && !(autoPromote > 0)) fail();
  const minPageViews = safeInt(o.minPageViews);
  if (minPageViews < 1) fail();
  const g: Guard = { marginPoints: between(o.marginPoints, 0, 100), minPageViews, autoPromoteAfterMs: autoPromote, since: string(o.since) };
  if (has(o, 'minSenders')) {
    const minSenders = safeInt(o.minSenders);
    if (minSenders < 1) fail();
    // In the schema's key order: after minPageViews.
    return { marginPoints: g.marginPoints, minPageViews, minSenders, autoPromoteAfterMs: autoPromote, since: g.since };
  }
  return g;
}

function canary(v: unknown): Canary {
  const c: Canary = {
    ...buildRef(v),
    percent: between((v as Json).percent, 0, 100),
    companies: has(v as Json, 'companies') ? array((v as Json).companies, string) : [],
  };
  if (has(v as Json, 'guard')) c.guard = guard((v as Json).guard);
  return c;
}

function remoteRelease(v: unknown): RemoteRelease {
  const o = object(v);
  const stable = buildRef(o.stable);
  // Built in the schema's key order: stable, canary, previous, updatedAt.
  return {
    stable,
    ...(has(o, 'canary') ? { canary: o.canary === null ? null : canary(o.canary) } : {}),
    previous: has(o, 'previous') ? array(o.previous, buildRef) : [],
    updatedAt: string(o.updatedAt),
  };
}

/**
 * A remote this shell was not built with (docs/decisions/0050): the schema of the release CLI that
 * published it knows its id; this reader accepts it when the id has a remote's shape and the build
 * carries its descriptor (`app`), which is all the shell needs to show it. Anything else unknown is refused.
 */
const addedRemote = (key: string, build: BuildRef): RemoteId => (isRemoteId(key) && build.app ? (key as RemoteId) : fail());

/** A record of remotes as the schema's `partialRecord`: a `__proto__` key is skipped, any other must name a remote. */
function remotesOf(v: unknown): ReleaseManifest['remotes'] {
  const remotes = object(v);
  const out: ReleaseManifest['remotes'] = {};
  for (const key of Object.keys(remotes)) {
    if (key === '__proto__') continue;
    const release = remoteRelease(remotes[key]);
    const id = REMOTE_IDS.find((r) => r === key) ?? addedRemote(key, release.stable);
    out[id] = release;
  }
  return out;
}

function freeze(v: unknown): ReleaseFreeze {
  const o = object(v);
  return { companyId: nonEmpty(o.companyId), since: string(o.since), until: string(o.until), remotes: remotesOf(o.remotes) };
}

/** A listed preview's remote: one of the contracts', or an added one's id (its build is checked where it is served). */
const remoteId = (v: unknown): RemoteId => REMOTE_IDS.find((r) => r === v) ?? (typeof v === 'string' && isRemoteId(v) ? (v as RemoteId) : fail());

function listedPreview(v: unknown): ReleasePreview {
  const o = object(v);
  const p: ReleasePreview = { id: nonEmpty(o.id), remote: remoteId(o.remote), version: nonEmpty(o.version), until: string(o.until), createdAt: string(o.createdAt) };
  if (has(o, 'by')) p.by = string(o.by);
  return p;
}

function activePreview(v: unknown): ActivePreview {
  const o = object(v);
  const build = buildRef(o.build);
  const remote = REMOTE_IDS.find((r) => r === o.remote) ?? addedRemote(string(o.remote), build);
  return { id: string(o.id), remote, until: string(o.until), build };
}

/**
 * The parsed contents of /release.json as `releaseManifestSchema` reads them (defaults filled, unknown
 * keys of an object dropped, an unknown remote refused), or null where the schema would fail. `json` is
 * what `JSON.parse` or `Response.json()` answered.
 */
export function readReleaseManifest(json: unknown): ReleaseManifest | null {
  try {
    const o = object(json);
    if (o.schemaVersion !== 1) fail();
    const shell = object(o.shell);
    const manifest: ReleaseManifest = {
      schemaVersion: 1,
      shell: { version: string(shell.version), contractsVersion: string(shell.contractsVersion) },
      overrideOrigins: has(o, 'overrideOrigins') ? array(o.overrideOrigins, string) : [],
      remotes: remotesOf(o.remotes),
    };
    if (has(o, 'freezes')) manifest.freezes = array(o.freezes, freeze);
    if (has(o, 'previews')) manifest.previews = array(o.previews, listedPreview);
    if (has(o, 'preview')) manifest.preview = activePreview(o.preview);
    return manifest;
  } catch (error) {
    if (error instanceof Mismatch) return null;
    throw error;
  }
}
