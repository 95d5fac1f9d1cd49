import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIEW_MESSAGES } from '@portal/shared-contracts/release-preview';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { promote } from './actions';
import { emptyManifest } from './manifest';
import { createPreview, parseExpires, previewSecret, previewsWithMakers, resolvePreview, revokePreview, signPreview, verifyPreview, type PreviewClaims } from './preview';
import { publishRemote } from './publish';
import { FsReleaseStore } from './store';

const secret = 'k'.repeat(40);
const now = new Date('2026-11-28T12:00:00.000Z');
const claims: PreviewClaims = { id: '0123456789abcdef', remote: 'mfe-auth', version: '1.1.0', until: now.getTime() + 3_600_000 };
const opts = { actor: 'ana@ops', secret, publicUrl: 'https://portal.example.com/', now };

/** mfe-auth 1.0.0 stable; 1.1.0 published, released to nobody. */
async function store() {
  const s = new FsReleaseStore(await tempDir());
  await s.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const v of ['1.0.0', '1.1.0']) {
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir, v);
    await publishRemote(s, 'mfe-auth', { dir, version: v, actor: 'ana@ops' });
  }
  await promote(s, 'mfe-auth', '1.0.0', { actor: 'ana@ops', now });
  return s;
}

/** The token part of a link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('preview')!;

describe('preview link signatures', () => {
  it('verifies a link it signed, until its end', () => {
    const token = signPreview(secret, claims);
    expect(verifyPreview(secret, token, now.getTime())).toEqual({ claims });
    expect(verifyPreview(secret, token, claims.until)).toEqual({ refused: 'expired' });
  });

  it('refuses a link signed with another key, altered, cut short, or of any size', () => {
    const token = signPreview(secret, claims);
    const [payload, mac] = token.split('.') as [string, string];
    expect(verifyPreview('x'.repeat(40), token, now.getTime())).toEqual({ refused: 'invalid' });
    // Another version, another remote, a later end: each a payload the key never signed.
    for (const other of [{ ...claims, version: '1.2.0' }, { ...claims, remote: 'mfe-billing' as const }, { ...claims, until: claims.until + 86_400_000 }]) {
      const forged = `${signPreview(secret, other).split('.')[0]}.${mac}`;
      expect(verifyPreview(secret, forged, now.getTime())).toEqual({ refused: 'invalid' });
    }
    // The mac's last character carries two spare bits: another character there is still another link.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = `${payload}.${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]}`;
    for (const bad of [spare, payload, `${payload}.`, `${payload}.${mac.slice(0, -2)}`, `${payload}.${mac}.x`, '', `${'a'.repeat(10_000)}.${mac}`]) {
      expect(verifyPreview(secret, bad, now.getTime()), bad.slice(0, 40)).toEqual({ refused: 'invalid' });
    }
  });
});

describe('preview links in the release store', () => {
  it('lists a preview of a published version and resolves its link to the build, for no one without it', async () => {
    const s = await store();
    const { preview, link } = await createPreview(s, 'mfe-auth', '1.1.0', parseExpires('7d'), opts);
    expect(link).toMatch(/^https:\/\/portal\.example\.com\/\?preview=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(preview).toMatchObject({ remote: 'mfe-auth', version: '1.1.0', until: '2026-12-05T12:00:00.000Z', by: 'ana@ops' });
    const manifest = await s.readManifest();
    // release.json names no one (it may be served as stored); the history and the lists do.
    const { by: _by, ...stored } = preview;
    expect(manifest?.previews).toEqual([stored]);
    expect(JSON.stringify(manifest)).not.toContain('ana@ops');
    expect(await previewsWithMakers(s, now)).toEqual([preview]);
    // Nothing released changes.
    expect(manifest?.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: null });
    expect(await resolvePreview(s, manifest, secret, tokenOf(link), now)).toEqual({
      preview: { id: preview.id, remote: 'mfe-auth', until: preview.until, build: expect.objectContaining({ version: '1.1.0', entry: '/remotes/mfe-auth/1.1.0/mf-manifest.json' }) },
    });
  });

  it('refuses a revoked link, an expired one, and one whose version left the store', async () => {
    const s = await store();
    const { preview, link } = await createPreview(s, 'mfe-auth', '1.1.0', parseExpires('1h'), opts);
    const token = tokenOf(link);
    expect(await resolvePreview(s, await s.readManifest(), secret, token, new Date(now.getTime() + 3_600_000))).toEqual({ refused: 'expired' });

    // A preview listed under its id with another version is not this link's.
    const other = await s.readManifest();
    expect(await resolvePreview(s, { ...other!, previews: [{ ...preview, version: '1.0.0' }] }, secret, token, now)).toEqual({ refused: 'revoked' });

    expect('preview' in (await resolvePreview(s, await s.readManifest(), secret, token, now))).toBe(true);
    await rm(path.join(s.rootDir, 'mfe-auth', '1.1.0'), { recursive: true });
    expect(await resolvePreview(s, await s.readManifest(), secret, token, now)).toEqual({ refused: 'unpublished' });

    expect(await revokePreview(s, preview.id, { actor: 'ops', now })).toMatchObject({ id: preview.id });
    expect((await s.readManifest())?.previews).toBeUndefined();
    expect(await resolvePreview(s, await s.readManifest(), secret, token, now)).toEqual({ refused: 'revoked' });
    await expect(revokePreview(s, preview.id, { actor: 'ops', now })).rejects.toThrow(PREVIEW_MESSAGES.notFound(preview.id));
    await expect(revokePreview(s, 'not-an-id', { now })).rejects.toThrow(PREVIEW_MESSAGES.badId);
    // Made and revoked, each once in the history (so in the audit log), with who did it.
    const lines = (await s.readHistory()).filter((e) => e.action === 'preview' || e.action === 'revoke-preview');
    expect(lines).toEqual([
      expect.objectContaining({ action: 'preview', remote: 'mfe-auth', version: '1.1.0', by: opts.actor, note: `preview ${preview.id} until ${preview.until}` }),
      expect.objectContaining({ action: 'revoke-preview', remote: 'mfe-auth', version: '1.1.0', by: 'ops', note: `preview ${preview.id}` }),
    ]);
  });

  it('previews only a published version, for at most 30 days', async () => {
    const s = await store();
    await expect(createPreview(s, 'mfe-auth', '9.9.9', 60_000, opts)).rejects.toThrow(PREVIEW_MESSAGES.notPublished('mfe-auth', '9.9.9'));
    await expect(createPreview(s, 'mfe-auth', '../1.0.0', 60_000, opts)).rejects.toThrow(/Invalid version/);
    await expect(createPreview(s, 'nope', '1.0.0', 60_000, opts)).rejects.toThrow(/Unknown remote/);
    await expect(createPreview(s, 'mfe-nope', '1.0.0', 60_000, opts)).rejects.toThrow(/mfe-nope 1.0.0 is not published/);
    expect(parseExpires(undefined)).toBe(7 * 86_400_000);
    expect(parseExpires('30d')).toBe(30 * 86_400_000);
    for (const bad of ['31d', 'soon', '0', '-1h']) expect(() => parseExpires(bad), bad).toThrow(PREVIEW_MESSAGES.badExpires(30));
    expect((await s.readManifest())?.previews).toBeUndefined();
  });

  it('drops expired previews from the store with the next change', async () => {
    const s = await store();
    const first = await createPreview(s, 'mfe-auth', '1.1.0', 60_000, opts);
    const second = await createPreview(s, 'mfe-auth', '1.0.0', 3_600_000, { ...opts, now: new Date(now.getTime() + 120_000) });
    expect((await s.readManifest())?.previews?.map((p) => p.id)).toEqual([second.preview.id]);
    expect(first.preview.id).not.toBe(second.preview.id);
  });
});

describe('the preview secret', () => {
  it('is PREVIEW_SECRET when set, else one drawn once into the data folder, readable by its owner only', async () => {
    const data = await tempDir();
    expect(await previewSecret(secret, data)).toBe(secret);
    const drawn = await previewSecret(null, data);
    expect(drawn.length).toBeGreaterThanOrEqual(40);
    expect(await previewSecret(null, data)).toBe(drawn);
    expect((await stat(path.join(data, 'preview-secret'))).mode & 0o777).toBe(0o600);
    await expect(previewSecret(null, await tempDir(), false)).rejects.toThrow(PREVIEW_MESSAGES.noSecret);
  });
});
