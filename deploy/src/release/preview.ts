import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRemoteId } from '@portal/shared-contracts/remote-id';
import { REMOTE_IDS, type ActivePreview, type ReleaseManifest, type ReleasePreview, type RemoteId } from '@portal/shared-contracts';
import { isPreviewId, PREVIEW_LIMITS, PREVIEW_MESSAGES, PREVIEW_PARAM, type PreviewRefusal } from '@portal/shared-contracts/release-preview';
import { buildRef, releaseActor } from './actions';
import { parseDuration } from './guard';
import { ReleaseStoreError, assertRemote, assertVersion, type ReleaseStore } from './store';

/**
 * Preview links (docs/decisions/0046). A link is `<PUBLIC_URL>/?preview=<payload>.<mac>`: the payload
 * is base64url JSON naming the preview id, remote, version and end; the mac an HMAC-SHA256 of the
 * payload under the deployment's preview secret. The link alone pins nothing: the preview must also be
 * listed in release.json (`previews`), so a revoked one is refused at once, and the version must be
 * in the store, so a link can only ever name code that was published there.
 */

export interface PreviewClaims {
  id: string;
  remote: RemoteId;
  version: string;
  /** The end, epoch milliseconds. */
  until: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`portal-preview-v1.${payload}`).digest();

export function signPreview(secret: string, claims: PreviewClaims): string {
  const payload = b64(JSON.stringify({ i: claims.id, r: claims.remote, v: claims.version, u: claims.until }));
  return `${payload}.${b64(mac(secret, payload))}`;
}

/** The claims of a link whose mac holds and whose end is ahead, or why not. */
export function verifyPreview(secret: string, token: string, now = Date.now()): { claims: PreviewClaims } | { refused: PreviewRefusal } {
  // Length before anything else: a cookie or address of any size is refused cheaply.
  if (typeof token !== 'string' || token.length === 0 || token.length > PREVIEW_LIMITS.maxTokenLength) return { refused: 'invalid' };
  const dot = token.indexOf('.');
  if (dot < 1 || dot !== token.lastIndexOf('.')) return { refused: 'invalid' };
  const payload = token.slice(0, dot);
  // Compared as text: base64url decoding ignores the last character's spare bits, and a link altered there must not hold.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(b64(mac(secret, payload)));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' };
  let raw: { i?: unknown; r?: unknown; v?: unknown; u?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof raw;
  } catch {
    return { refused: 'invalid' };
  }
  // The claims are signed: a remote of a remote's shape is one published here from elsewhere (docs/decisions/0050).
  const remote = typeof raw.r === 'string' && ((REMOTE_IDS as readonly string[]).includes(raw.r) || isRemoteId(raw.r)) ? (raw.r as RemoteId) : undefined;
  if (typeof raw.i !== 'string' || !isPreviewId(raw.i) || !remote || typeof raw.v !== 'string' || typeof raw.u !== 'number' || !Number.isSafeInteger(raw.u)) {
    return { refused: 'invalid' };
  }
  if (raw.u <= now) return { refused: 'expired' };
  return { claims: { id: raw.i, remote, version: raw.v, until: raw.u } };
}

/** The previews whose end is still ahead (an expired one leaves release.json with the next change). */
export function previewsInForce(manifest: ReleaseManifest | null, now = new Date()): ReleasePreview[] {
  return (manifest?.previews ?? []).filter((p) => Date.parse(p.until) > now.getTime());
}

/** The manifest without its expired previews (the key left out when none is left). */
export function withoutEndedPreviews(manifest: ReleaseManifest, now = new Date()): ReleaseManifest {
  const { previews: _all, ...rest } = manifest;
  const kept = previewsInForce(manifest, now);
  return kept.length ? { ...rest, previews: kept } : rest;
}

/**
 * What a browser carrying `token` (its cookie or the link it opened) gets: the build it pins, or why
 * nothing. Checked against the store on every page and release.json: revoked, expired or unpublished,
 * the browser loads what everyone gets.
 */
export async function resolvePreview(
  store: ReleaseStore,
  manifest: ReleaseManifest | null,
  secret: string,
  token: string,
  now = new Date(),
  storeUrl: string | null = null,
): Promise<{ preview: ActivePreview } | { refused: PreviewRefusal }> {
  const verified = verifyPreview(secret, token, now.getTime());
  if ('refused' in verified) return verified;
  const { claims } = verified;
  const listed = previewsInForce(manifest, now).find((p) => p.id === claims.id);
  if (!listed || listed.remote !== claims.remote || listed.version !== claims.version) return { refused: 'revoked' };
  try {
    const build = await buildRef(store, claims.remote, claims.version, storeUrl);
    return { preview: { id: claims.id, remote: claims.remote, until: new Date(claims.until).toISOString(), build } };
  } catch (err) {
    if (err instanceof ReleaseStoreError) return { refused: 'unpublished' };
    throw err;
  }
}

/** `--expires`: a duration such as 30m, 24h or 7d, at most PREVIEW_LIMITS.maxDays. */
export function parseExpires(raw: string | undefined): number {
  const ms = parseDuration(raw ?? PREVIEW_LIMITS.defaultExpires);
  if (ms === null || ms > PREVIEW_LIMITS.maxDays * 86_400_000) throw new ReleaseStoreError(PREVIEW_MESSAGES.badExpires(PREVIEW_LIMITS.maxDays));
  return ms;
}

/** The address a preview link opens. */
export const previewLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/?${PREVIEW_PARAM}=${token}`;

export interface PreviewOptions {
  actor: string;
  secret: string;
  publicUrl: string;
  storeUrl?: string | null;
  now?: Date;
}

/** Lists a new preview of a published version in release.json and signs its link. */
export async function createPreview(
  store: ReleaseStore,
  remote: string,
  version: string,
  expiresMs: number,
  o: PreviewOptions,
): Promise<{ preview: ReleasePreview; link: string }> {
  assertRemote(remote);
  assertVersion(version);
  const now = o.now ?? new Date();
  // Only a version in the store: a link can never point the portal at code from anywhere else.
  if (!(await store.readBuildInfo(remote, version))) throw new ReleaseStoreError(PREVIEW_MESSAGES.notPublished(remote, version));
  const preview: ReleasePreview = {
    id: randomBytes(8).toString('hex'),
    remote,
    version,
    until: new Date(now.getTime() + expiresMs).toISOString(),
    createdAt: now.toISOString(),
  };
  // Who made it goes to the history only: release.json is served as it is stored in some topologies
  // (a bucket behind nginx), and a maker's name or email is nobody else's business.
  await store.updateManifest((current) => {
    if (!current) throw new ReleaseStoreError(`nothing is released in ${store.location} yet (run: pnpm release ensure)`);
    const kept = withoutEndedPreviews(current, now);
    return { ...kept, previews: [...(kept.previews ?? []), preview] };
  });
  // A history line, so the audit log names who made a link to what and until when.
  await store.appendHistory({ at: now.toISOString(), action: 'preview', remote, version, by: o.actor, note: `preview ${preview.id} until ${preview.until}` });
  return { preview: { ...preview, by: o.actor }, link: linkOf(o.secret, o.publicUrl, preview) };
}

/** The listed previews with who made each, from the history's `preview` lines (release.json holds no names). */
export async function previewsWithMakers(store: ReleaseStore, now = new Date()): Promise<ReleasePreview[]> {
  const listed = previewsInForce(await store.readManifest(), now);
  if (listed.length === 0) return [];
  const makers = new Map<string, string>();
  for (const h of await store.readHistory()) {
    const id = h.action === 'preview' ? /^preview ([0-9a-f]+) /.exec(h.note ?? '')?.[1] : undefined;
    if (id && h.by) makers.set(id, h.by);
  }
  // A preview listed before makers left release.json still names its own.
  return listed.map((p) => ({ ...p, by: makers.get(p.id) ?? p.by }));
}

/** The link of a listed preview: the signature is deterministic, so it is the one made at its creation. */
export function linkOf(secret: string, publicUrl: string, p: Pick<ReleasePreview, 'id' | 'remote' | 'version' | 'until'>): string {
  return previewLink(publicUrl, signPreview(secret, { id: p.id, remote: p.remote, version: p.version, until: Date.parse(p.until) }));
}

/** Takes a preview off the list: every browser in it loads what everyone gets on its next page. */
export async function revokePreview(store: ReleaseStore, id: string, o: { actor?: string; now?: Date } = {}): Promise<ReleasePreview> {
  const now = o.now ?? new Date();
  const trimmed = id.trim();
  if (!isPreviewId(trimmed)) throw new ReleaseStoreError(PREVIEW_MESSAGES.badId);
  let revoked: ReleasePreview | null = null;
  await store.updateManifest((current) => {
    const found = previewsInForce(current, now).find((p) => p.id === trimmed);
    if (!current || !found) throw new ReleaseStoreError(PREVIEW_MESSAGES.notFound(trimmed));
    revoked = found;
    return withoutEndedPreviews({ ...current, previews: (current.previews ?? []).filter((p) => p.id !== trimmed) }, now);
  });
  const p: ReleasePreview = revoked!;
  await store.appendHistory({ at: now.toISOString(), action: 'revoke-preview', remote: p.remote, version: p.version, by: o.actor ?? releaseActor(), note: `preview ${p.id}` });
  return p;
}

/** The secret file kept in the data folder when PREVIEW_SECRET is not set (a single-machine portal). */
export const PREVIEW_SECRET_FILE = 'preview-secret';

/**
 * The key links are signed with: PREVIEW_SECRET, else one drawn once into the data folder (mode 0600),
 * which the portal and the release tool on the same machine share. Deployments with several
 * instances set PREVIEW_SECRET on all of them.
 */
export async function previewSecret(configured: string | null, dataDir: string, create = true): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, PREVIEW_SECRET_FILE);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!create) throw new ReleaseStoreError(PREVIEW_MESSAGES.noSecret);
  await mkdir(dataDir, { recursive: true });
  const drawn = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${drawn}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Drawn meanwhile by the other process: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw err;
  }
  await chmod(file, 0o600);
  return drawn;
}
