import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, MESSAGES, type ConsolePreviews, type ReleaseConsole } from '@portal/shared-contracts';
import { offCanaryPromotion } from '@portal/shared-contracts/release-state';
import { createPortal } from './app';
import { runReleaseCli } from './cli/release';
import { loadPortalConfig } from './env';
import { ReleaseStoreError, type FsReleaseStore } from './release/store';
import { storeWithAuthBuilds } from './test-fixtures';
import { embeddedDataDir } from './test-embedded';

const ROOT = { email: 'root@example.test', password: 'Release-Console-Pass-1' };

describe('the release console on the portal server', () => {
  let app: FastifyInstance;
  let store: FsReleaseStore;
  let env: Record<string, string>;
  let admin: string;
  let adminCookie: { name: string; value: string };

  beforeAll(async () => {
    const data = await embeddedDataDir('portal-release-console-');
    env = { DATA_DIR: data, LOG_LEVEL: 'silent', PORT: '0', SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password };
    const config = loadPortalConfig(env);
    store = await storeWithAuthBuilds(config.releaseStoreDir);
    app = await createPortal(config, { logger: false, store });
    const login = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: ROOT });
    admin = login.json<{ token: string }>().token;
    adminCookie = login.cookies[0]!;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const auth = () => ({ authorization: `Bearer ${admin}` });
  const view = async () => (await app.inject({ url: '/api/releases/console', headers: auth() })).json<ReleaseConsole>();
  const onDisk = async () => JSON.parse(await readFile(path.join(store.rootDir, 'release.json'), 'utf8')) as { remotes: Record<string, { stable: { version: string }; canary: { version: string; percent: number } | null }> };

  it('answers anonymous 401, an employer 403 and a super admin the view of the store', async () => {
    expect((await app.inject({ url: '/api/releases/console' })).statusCode).toBe(401);
    const reg = await app.inject({ method: 'POST', url: '/api/accounts/register', payload: { email: 'erin@example.test', password: 'Passw0rd!', userName: 'Erin Employer', role: 'Employer' } });
    const employer = reg.json<{ token: string }>().token;
    const refused = await app.inject({ url: '/api/releases/console', headers: { authorization: `Bearer ${employer}` } });
    expect(refused.statusCode).toBe(403);
    const refusedAction = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/rollback', headers: { authorization: `Bearer ${employer}` } });
    expect(refusedAction.statusCode).toBe(403);

    const v = await view();
    const auth_ = v.remotes.find((r) => r.remote === 'mfe-auth')!;
    expect(auth_).toMatchObject({ stable: { version: '1.0.0' }, canary: null, published: ['1.0.0', '1.1.0'] });
    expect(v.remotes.find((r) => r.remote === 'mfe-billing')).toMatchObject({ stable: null, canary: null });
    expect(v.shell).toEqual({ version: 'shell-1', contractsVersion: '1.0.0' });
    expect(v.history[0]).toMatchObject({ action: 'promote', remote: 'mfe-auth', version: '1.0.0', by: 'ci' });
  });

  it('a canary set in the console changes release.json and the history names the super admin; the CLI sees it', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/releases/console/mfe-auth/canary', headers: auth(), payload: { version: '1.1.0', percent: 30 } });
    expect(res.statusCode).toBe(200);
    expect((await onDisk()).remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: { version: '1.1.0', percent: 30 } });
    const served = await app.inject({ url: '/release.json' });
    expect(served.json()).toMatchObject({ remotes: { 'mfe-auth': { canary: { version: '1.1.0', percent: 30 } } } });
    const last = (await store.readHistory()).at(-1)!;
    expect(last).toMatchObject({ action: 'canary', version: '1.1.0', from: '1.0.0' });
    expect(last.by).toContain(ROOT.email);

    const lines: string[] = [];
    expect(await runReleaseCli(['history', 'mfe-auth'], (l) => lines.push(l), env, () => {})).toBe(0);
    expect(lines.at(-1)).toContain(ROOT.email);

    // In the audit log at once, under the super admin's name.
    const audit = await app.inject({ url: '/api/audit-log?action=release.changed', headers: auth() });
    const newest = audit.json<{ items: { summary: string; actorName: string }[] }>().items[0];
    expect(newest?.summary).toContain('mfe-auth 1.1.0, canary');
    expect(newest?.actorName).toContain(ROOT.email);
  });

  it('a change made with the CLI shows in the next console read; a rollback from the console is in release.json at once', async () => {
    expect(await runReleaseCli(['promote', 'mfe-auth'], () => {}, { ...env, RELEASE_ACTOR: 'ana@ops' }, () => {})).toBe(0);
    let v = await view();
    expect(v.remotes.find((r) => r.remote === 'mfe-auth')).toMatchObject({ stable: { version: '1.1.0' }, canary: null, previous: ['1.0.0'] });
    expect(v.history[0]).toMatchObject({ action: 'promote', version: '1.1.0', by: 'ana@ops' });

    const res = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/rollback', headers: auth() });
    expect(res.statusCode).toBe(200);
    v = res.json<ReleaseConsole>();
    expect(v.remotes.find((r) => r.remote === 'mfe-auth')?.stable?.version).toBe('1.0.0');
    expect((await onDisk()).remotes['mfe-auth']?.stable.version).toBe('1.0.0');
    const lines: string[] = [];
    await runReleaseCli(['status'], (l) => lines.push(l), env, () => {});
    expect(lines.find((l) => l.startsWith('mfe-auth'))).toMatch(/^mfe-auth\s+1\.0\.0\s/);
  });

  it('refuses what the store refuses, and a write another release won, with 409 and the store\'s sentence; bad input with 400; a cookie call without the portal header', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/rollback', headers: auth() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ success: false, message: 'mfe-auth has no earlier stable version to roll back to' });
    const missing = await app.inject({ method: 'PUT', url: '/api/releases/console/mfe-auth/canary', headers: auth(), payload: { version: '9.9.9', percent: 5 } });
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ message: string }>().message).toMatch(/mfe-auth 9\.9\.9 is not in the store/);
    const bad = await app.inject({ method: 'PUT', url: '/api/releases/console/mfe-auth/canary', headers: auth(), payload: { version: '1.1.0', percent: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MESSAGES.releases.badPercent });

    // Another release wrote release.json at the same moment, every time the store tried: nothing changed.
    const lost = 'release.json in s3://portal-releases/portal was changed by another release at the same time, 5 times in a row; nothing was changed: run the command again';
    const update = store.updateManifest.bind(store);
    store.updateManifest = async () => {
      throw new ReleaseStoreError(lost);
    };
    try {
      const raced = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', headers: auth(), payload: { version: '1.1.0' } });
      expect(raced.statusCode).toBe(409);
      expect(raced.json()).toMatchObject({ success: false, message: lost });
    } finally {
      store.updateManifest = update;
    }
    expect((await onDisk()).remotes['mfe-auth']?.stable.version).toBe('1.0.0');

    const cookies = { [adminCookie.name]: adminCookie.value };
    const forged = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', cookies, payload: { version: '1.1.0' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: MESSAGES.common.csrf });
    const fromPage = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', cookies, headers: { [CSRF_HEADER]: '1' }, payload: { version: '1.1.0' } });
    expect(fromPage.statusCode).toBe(200);
    expect((await onDisk()).remotes['mfe-auth']?.stable.version).toBe('1.1.0');
  });

  it('an aborted canary is promoted neither from the console nor with the CLI, named or not, until it has a share again', async () => {
    const put = (percent: number) => app.inject({ method: 'PUT', url: '/api/releases/console/mfe-auth/canary', headers: auth(), payload: { version: '1.0.0', percent } });
    expect((await put(20)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/abort', headers: auth() })).statusCode).toBe(200);
    const why = offCanaryPromotion('mfe-auth', '1.0.0');
    expect(why).toMatch(/^mfe-auth's canary 1\.0\.0 is at share 0 \(aborted or paused\): .*Set share in the release console, or pnpm release canary mfe-auth 1\.0\.0 --percent 10/);

    const refused = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', headers: auth(), payload: { version: '1.0.0' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: why });
    const bare = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', headers: auth(), payload: {} });
    expect(bare.json()).toMatchObject({ success: false, message: why });
    for (const argv of [['promote', 'mfe-auth', '1.0.0'], ['promote', 'mfe-auth']]) {
      const err: string[] = [];
      expect(await runReleaseCli(argv, () => {}, env, (l) => err.push(l))).toBe(1);
      expect(err).toEqual([`release promote: ${why}`]);
    }
    expect((await onDisk()).remotes['mfe-auth']).toMatchObject({ stable: { version: '1.1.0' }, canary: { version: '1.0.0', percent: 0 } });

    // A share again, then the promotion goes through.
    expect((await put(10)).statusCode).toBe(200);
    const promoted = await app.inject({ method: 'POST', url: '/api/releases/console/mfe-auth/promote', headers: auth(), payload: { version: '1.0.0' } });
    expect(promoted.statusCode).toBe(200);
    expect((await onDisk()).remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: null });
  });

  it('a preview link made in the console opens in the portal, is the one the list shows, and says it was revoked once revoked there', async () => {
    const made = await app.inject({ method: 'POST', url: '/api/releases/console/previews', headers: auth(), payload: { remote: 'mfe-auth', version: '1.1.0', expires: '2h' } });
    expect(made.statusCode).toBe(200);
    const { created } = made.json<ConsolePreviews>();
    expect(created).toMatchObject({ remote: 'mfe-auth', version: '1.1.0', link: expect.stringMatching(/^http:\/\/localhost:\d+\/\?preview=[\w-]+\.[\w-]{43}$/) });
    expect(created!.by).toContain(ROOT.email);
    const open = async () => app.inject({ url: `/${new URL(created!.link).search}` });

    // The portal takes the console's link: a cookie and back to /.
    const opened = await open();
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(String(opened.headers['set-cookie'])).toContain('portal_preview=');

    // The list signs the same link again; the CLI lists the same preview.
    const listed = (await app.inject({ url: '/api/releases/console/previews', headers: auth() })).json<ConsolePreviews>();
    expect(listed.previews).toEqual([created]);
    const lines: string[] = [];
    expect(await runReleaseCli(['previews'], (l) => lines.push(l), env, () => {})).toBe(0);
    expect(lines.join('\n')).toContain(created!.id);

    const revoked = await app.inject({ method: 'DELETE', url: `/api/releases/console/previews/${created!.id}`, headers: auth() });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ConsolePreviews>()).toEqual({ previews: [] });
    const refused = await open();
    expect(refused.headers.location).toBe('/?preview-refused=revoked');

    // Both in the history and in the audit log at once, under the super admin's name.
    expect((await store.readHistory()).slice(-2).map((e) => e.action)).toEqual(['preview', 'revoke-preview']);
    const audit = (await app.inject({ url: '/api/audit-log?action=release.changed', headers: auth() })).json<{ items: { summary: string; actorName: string }[] }>();
    expect(audit.items.slice(0, 2).map((i) => i.summary)).toEqual([expect.stringContaining('mfe-auth 1.1.0, revoke-preview'), expect.stringContaining('mfe-auth 1.1.0, preview')]);
    expect(audit.items[0]!.actorName).toContain(ROOT.email);
  });
});
