import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReleaseManifest } from '@portal/shared-contracts';
import { createPortal } from './app';
import { loadPortalConfig } from './env';
import { createPreview, revokePreview } from './release/preview';
import { ensureReleased, publishRemote } from './release/publish';
import { FsReleaseStore } from './release/store';
import { tempDir, writeFakeRemoteBuild, writeFakeRepo } from './test-fixtures';

const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

const SECRET = 's'.repeat(40);

/** A portal whose mfe-auth has stable 1.0.0-abc12345 and a published 2.0.0-pr.7.abc that nobody gets. */
async function portal(env: Record<string, string> = {}) {
  const repo = await tempDir();
  await writeFakeRepo(repo);
  const shellDir = path.join(repo, 'shell', 'dist');
  await mkdir(shellDir, { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  const config = loadPortalConfig({ DATA_DIR: await tempDir(), SHELL_DIR: shellDir, PORT: '0', LOG_LEVEL: 'silent', PREVIEW_SECRET: SECRET, ...env });
  const store = new FsReleaseStore(config.releaseStoreDir);
  await ensureReleased(store, { repoRoot: repo });
  const build = await tempDir();
  await writeFakeRemoteBuild(build, 'pr-7');
  await publishRemote(store, 'mfe-auth', { dir: build, version: '2.0.0-pr.7.abc', actor: 'ci' });
  const app = await createPortal(config, { repoRoot: repo, logger: false, store, registerApi: async () => {} });
  open.push(app);
  const link = async (expiresMs = 3_600_000) => createPreview(store, 'mfe-auth', '2.0.0-pr.7.abc', expiresMs, { actor: 'ci', secret: SECRET, publicUrl: config.publicUrl });
  return { app, store, link };
}

const pathOf = (link: string) => link.slice(link.indexOf('/?'));
const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;
const releaseFor = async (app: FastifyInstance, cookie?: string) => {
  const res = await app.inject({ url: '/release.json', headers: cookie ? { cookie } : {} });
  return { res, manifest: res.json<ReleaseManifest>() };
};

describe('preview links on the portal', () => {
  it('turns an opened link into a cookie that pins the version in this browser’s release.json only', async () => {
    const { app, link } = await portal();
    const { preview, link: url } = await link();
    const opened = await app.inject({ url: pathOf(url) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/^portal_preview=[A-Za-z0-9_.-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(359\d|3600)$/);

    const mine = await releaseFor(app, `a=b; ${cookieOf(setCookie)}`);
    expect(mine.manifest.preview).toEqual({
      id: preview.id,
      remote: 'mfe-auth',
      until: preview.until,
      build: expect.objectContaining({ version: '2.0.0-pr.7.abc', entry: '/remotes/mfe-auth/2.0.0-pr.7.abc/mf-manifest.json' }),
    });
    // What everyone gets is unchanged, and the list of previews is never served.
    const theirs = await releaseFor(app);
    expect(theirs.manifest.preview).toBeUndefined();
    expect(theirs.manifest.remotes['mfe-auth']?.stable.version).toBe('1.0.0-abc12345');
    expect(theirs.res.body).not.toContain('previews');
    expect(mine.manifest.remotes).toEqual(theirs.manifest.remotes);

    // A reload keeps it: the page is served as usual.
    const reload = await app.inject({ url: '/', headers: { cookie: cookieOf(setCookie) } });
    expect(reload.statusCode).toBe(200);
    expect(reload.body).toContain('<div id="root">');
  });

  it('marks the cookie Secure on an https portal', async () => {
    const { app, link } = await portal({ PUBLIC_URL: 'https://portal.example.com' });
    const opened = await app.inject({ url: pathOf((await link()).link) });
    expect(String(opened.headers['set-cookie'])).toMatch(/; Secure$/);
  });

  it('says a tampered, expired or revoked link is refused, clears the cookie and pins nothing', async () => {
    const { app, store, link } = await portal();
    const { link: url, preview } = await link();
    const [payload, mac] = pathOf(url).split('.') as [string, string];
    const cleared = 'portal_preview=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0';

    const tampered = await app.inject({ url: `${payload}x.${mac}` });
    expect([tampered.statusCode, tampered.headers.location, tampered.headers['set-cookie']]).toEqual([303, '/?preview-refused=invalid', cleared]);
    const junk = await app.inject({ url: `/?preview=${'a'.repeat(5_000)}` });
    expect(junk.headers.location).toBe('/?preview-refused=invalid');

    const short = await link(1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await app.inject({ url: pathOf(short.link) })).headers.location).toBe('/?preview-refused=expired');

    // Opened, then revoked: the next page says so and release.json no longer pins it.
    const cookie = cookieOf((await app.inject({ url: pathOf(url) })).headers['set-cookie']);
    await revokePreview(store, preview.id);
    const page = await app.inject({ url: '/', headers: { cookie } });
    expect([page.statusCode, page.headers.location, page.headers['set-cookie']]).toEqual([303, '/?preview-refused=revoked', cleared]);
    const release = await releaseFor(app, cookie);
    expect(release.manifest.preview).toBeUndefined();
    expect(release.res.headers['set-cookie']).toBe(cleared);
    expect((await app.inject({ url: pathOf(url) })).headers.location).toBe('/?preview-refused=revoked');
  });

  it('leaves a preview: the cookie goes and the portal loads as for everyone', async () => {
    const { app } = await portal();
    const left = await app.inject({ url: '/preview/leave' });
    expect([left.statusCode, left.headers.location, left.headers['set-cookie']]).toEqual([303, '/', 'portal_preview=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
  });
});
