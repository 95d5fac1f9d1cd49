import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPortal } from './app';
import { loadPortalConfig } from './env';
import { FsReleaseStore } from './release/store';
import { embeddedDataDir } from './test-embedded';

describe('release changes in the audit log', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it("takes the release tool's history into the embedded api's audit log when it starts", async () => {
    const data = await embeddedDataDir('portal-release-audit-');
    const config = loadPortalConfig({ DATA_DIR: data, LOG_LEVEL: 'silent', PORT: '0', SUPERADMIN_EMAIL: 'root@example.test', SUPERADMIN_PASSWORD: 'Release-Audit-Pass-1' });
    const store = new FsReleaseStore(config.releaseStoreDir);
    await store.appendHistory({ at: '2026-03-01T10:00:00.000Z', action: 'publish', remote: 'mfe-auth', version: '2.0.0', by: 'ops' });
    await store.appendHistory({ at: '2026-03-01T10:05:00.000Z', action: 'promote', remote: 'mfe-auth', version: '2.0.0', from: '1.9.0', by: 'ops' });
    app = await createPortal(config, { logger: false, store });
    const login = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'root@example.test', password: 'Release-Audit-Pass-1' } });
    const token = login.json<{ token: string }>().token;
    const res = await app.inject({ url: '/api/audit-log?action=release.changed', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ totalCount: number; items: { summary: string; actorName: string }[] }>();
    expect(page.totalCount).toBe(2);
    expect(page.items.map((e) => [e.summary, e.actorName])).toEqual([
      ['Release changed: mfe-auth 2.0.0, promote, from 1.9.0', 'ops'],
      ['Release changed: mfe-auth 2.0.0, publish', 'ops'],
    ]);
  }, 60_000);
});
