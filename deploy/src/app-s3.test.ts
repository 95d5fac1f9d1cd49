import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPortal } from './app';
import { loadPortalConfig } from './env';
import { openReleaseStore } from './release/open-store';
import { ensureReleased } from './release/publish';
import { createS3Client } from './release/s3-store';
import { startS3TestServer, type S3TestServer } from './release/s3-test-server';
import { exists } from './files';
import { tempDir, writeFakeRepo } from './test-fixtures';
import { embeddedDataDir } from './test-embedded';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});
const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

let buckets = 0;
/** A portal configured with RELEASE_STORE_URL=s3://..., its bucket, and a repository with one built remote. */
/** `embedded`: the api is embedded in the portal (its data folder then holds a migrated database). */
async function s3Portal(extraEnv: Record<string, string> = {}, o: { embedded?: boolean } = {}) {
  const bucket = `portal-serve-${++buckets}`;
  await createS3Client({ endpoint: s3.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }).send(
    new CreateBucketCommand({ Bucket: bucket }),
  );
  const repo = await tempDir();
  await writeFakeRepo(repo);
  const data = o.embedded ? await embeddedDataDir() : await tempDir();
  const config = loadPortalConfig({
    DATA_DIR: data,
    SHELL_DIR: path.join(repo, 'shell', 'dist'),
    PORT: '0',
    LOG_LEVEL: 'silent',
    RELEASE_STORE_URL: `s3://${bucket}/portal`,
    S3_ENDPOINT: s3.endpoint,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    ...extraEnv,
  });
  // What `pnpm release` does with the same configuration.
  const store = await openReleaseStore(config);
  return { bucket, repo, config, store };
}

describe('portal server with the release store on object storage', () => {
  it('serves release.json and the remotes from the bucket, with the folder store’s headers', async () => {
    const { bucket, repo, config, store } = await s3Portal();
    await ensureReleased(store, { repoRoot: repo });
    expect(s3.object(bucket, 'portal/mfe-auth/1.0.0-abc12345/remoteEntry.js')).toBeDefined();

    const app = await createPortal(config, { repoRoot: repo, logger: false, registerApi: async () => {} });
    open.push(app);

    const manifest = await app.inject({ url: '/release.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-store');
    expect(manifest.json().remotes['mfe-auth'].stable.version).toBe('1.0.0-abc12345');

    const entry = await app.inject({ url: '/remotes/mfe-auth/1.0.0-abc12345/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.rawPayload.equals(await readFile(path.join(repo, 'mfe-auth', 'dist', 'remoteEntry.js')))).toBe(true);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(entry.headers['etag']).toBe(s3.object(bucket, 'portal/mfe-auth/1.0.0-abc12345/remoteEntry.js')?.etag);

    const gz = await app.inject({ url: '/remotes/mfe-auth/1.0.0-abc12345/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(entry.rawPayload)).toBe(true);

    const mf = await app.inject({ url: '/remotes/mfe-auth/1.0.0-abc12345/mf-manifest.json' });
    expect(mf.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(mf.json()).toMatchObject({ marker: 'v1' });

    // Nothing went to the folder store.
    expect(await exists(path.join(config.releaseStoreDir, 'mfe-auth'))).toBe(false);
  });

  it('answers 404 for what is not a file of a published build', async () => {
    const { repo, config, store } = await s3Portal();
    await ensureReleased(store, { repoRoot: repo });
    const app = await createPortal(config, { repoRoot: repo, logger: false, registerApi: async () => {} });
    open.push(app);
    for (const url of [
      '/remotes/mfe-auth/9.9.9/remoteEntry.js',
      '/remotes/mfe-auth/1.0.0-abc12345/missing.js',
      '/remotes/mfe-auth/1.0.0-abc12345/.publishing',
      '/remotes/mfe-auth/1.0.0-abc12345/%2e%2e/%2e%2e/release.json',
      '/remotes/release.json',
      '/remotes/history.jsonl',
      '/remotes/unknown/1.0.0/remoteEntry.js',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers 503, not 500, when the bucket cannot be read', async () => {
    const { repo, config } = await s3Portal({ RELEASE_STORE_URL: 's3://no-such-bucket/portal' });
    const app = await createPortal(config, { repoRoot: repo, logger: false, registerApi: async () => {} });
    open.push(app);
    const res = await app.inject({ url: '/remotes/mfe-auth/1.0.0/remoteEntry.js' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('could not be read');
  });

  it("takes the bucket's release history into the embedded api's audit log", async () => {
    const { config, store } = await s3Portal({ SUPERADMIN_EMAIL: 'root@example.test', SUPERADMIN_PASSWORD: 'Release-Audit-Pass-1' }, { embedded: true });
    await store.appendHistory({ at: '2026-03-01T10:00:00.000Z', action: 'publish', remote: 'mfe-auth', version: '2.0.0', by: 'ops' });
    const app = await createPortal(config, { logger: false });
    open.push(app);
    const login = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'root@example.test', password: 'Release-Audit-Pass-1' } });
    const token = login.json<{ token: string }>().token;
    const res = await app.inject({ url: '/api/audit-log?action=release.changed', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: { summary: string }[] }>().items.map((e) => e.summary)).toEqual(['Release changed: mfe-auth 2.0.0, publish']);
  }, 60_000);
});
