import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReleaseCli } from '../cli/release';
import { loadPortalConfig } from '../env';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { emptyManifest, entryFor, setStable } from './manifest';
import { openReleaseStore } from './open-store';
import { createS3Client, parseS3Url, S3ReleaseStore } from './s3-store';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { FsReleaseStore } from './store';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
let buckets = 0;

async function newBucket(): Promise<string> {
  const bucket = `s3-store-${++buckets}`;
  await createS3Client({ endpoint: s3.endpoint, credentials }).send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

function storeOn(bucket: string, attempts?: number): S3ReleaseStore {
  return new S3ReleaseStore({ bucket, prefix: 'portal/', endpoint: s3.endpoint, region: 'eu-west-2', credentials, ...(attempts ? { attempts } : {}) });
}

const ref = (v: string) => ({ version: v, entry: entryFor('mfe-auth', v), contractsVersion: '1.0.0' });

describe('S3ReleaseStore', () => {
  it('uploads a build with its content types and immutable caching, and release.json to be revalidated', async () => {
    const bucket = await newBucket();
    const store = storeOn(bucket);
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    await store.putBuild('mfe-auth', '1.0.0', build, { version: '1.0.0', contractsVersion: '1.0.0' });
    await store.writeManifest(setStable(emptyManifest({ version: 's', contractsVersion: '1.0.0' }), 'mfe-auth', ref('1.0.0')).manifest);

    const object = (key: string) => {
      const o = s3.object(bucket, `portal/${key}`);
      return o && { contentType: o.contentType, cacheControl: o.cacheControl };
    };
    const immutable = 'public, max-age=31536000, immutable';
    expect(object('mfe-auth/1.0.0/remoteEntry.js')).toEqual({ contentType: 'text/javascript; charset=utf-8', cacheControl: immutable });
    expect(object('mfe-auth/1.0.0/123.abcdef0123.js')).toEqual({ contentType: 'text/javascript; charset=utf-8', cacheControl: immutable });
    expect(object('mfe-auth/1.0.0/mf-manifest.json')).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: immutable });
    expect(object('mfe-auth/1.0.0/build-info.json')?.cacheControl).toBe(immutable);
    expect(object('release.json')).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
    expect(store.location).toBe(`s3://${bucket}/portal/`);
  });

  it('shows a version only once its upload is complete, and never lets a second publisher overwrite it', async () => {
    const bucket = await newBucket();
    const store = storeOn(bucket);
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    // Another publisher has claimed 2.0.0 and is still uploading (or died doing so).
    await store.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'portal/mfe-auth/2.0.0/.publishing', Body: '{}' }));
    await store.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'portal/mfe-auth/2.0.0/remoteEntry.js', Body: 'theirs' }));
    expect(await store.hasVersion('mfe-auth', '2.0.0')).toBe(false);
    expect(await store.listVersions('mfe-auth')).toEqual([]);
    await expect(store.putBuild('mfe-auth', '2.0.0', build)).rejects.toThrow(
      'mfe-auth 2.0.0 is already in the store or being published by someone else; a published version is never replaced (use a new version)',
    );
    expect(s3.object(bucket, 'portal/mfe-auth/2.0.0/remoteEntry.js')?.body.toString()).toBe('theirs');
  });

  it('lists versions across pages of the bucket listing', async () => {
    const bucket = await newBucket();
    const store = storeOn(bucket);
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) await store.putBuild('mfe-auth', v, build);
    s3.pageSize = 2;
    try {
      expect(await store.listVersions('mfe-auth')).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    } finally {
      s3.pageSize = 1000;
    }
  });

  it('refuses a change of release.json that keeps losing the race, with a message, and keeps the winner intact', async () => {
    const bucket = await newBucket();
    const seed = storeOn(bucket);
    await seed.writeManifest(emptyManifest({ version: 's', contractsVersion: '1.0.0' }));
    // Tried once only: both read the same release.json, then write at once.
    const [a, b] = [storeOn(bucket, 1), storeOn(bucket, 1)];
    let arrived = 0;
    let open!: () => void;
    const bothRead = new Promise<void>((resolve) => {
      open = resolve;
    });
    const change = (v: string) => async (m: Parameters<Parameters<S3ReleaseStore['updateManifest']>[0]>[0]) => {
      if (++arrived === 2) open();
      await bothRead;
      return setStable(m!, 'mfe-auth', ref(v)).manifest;
    };
    const results = await Promise.allSettled([a.updateManifest(change('1.0.0')), b.updateManifest(change('2.0.0'))]);
    const landed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]!.reason)).toContain(
      `release.json in s3://${bucket}/portal/ was changed by another release at the same time, 1 times in a row; nothing was changed: run the command again`,
    );
    const winner = (landed[0] as PromiseFulfilledResult<{ remotes: { 'mfe-auth'?: { stable: { version: string } } } }>).value;
    expect((await seed.readManifest())?.remotes['mfe-auth']?.stable.version).toBe(winner.remotes['mfe-auth']?.stable.version);
  });

  it('keeps every history line when several releases append at once', async () => {
    const bucket = await newBucket();
    const writers = Array.from({ length: 6 }, () => storeOn(bucket));
    await Promise.all(
      writers.map((w, i) => w.appendHistory({ at: '2026-01-01T00:00:00.000Z', action: 'publish', remote: 'mfe-auth', version: `1.0.${i}` })),
    );
    expect((await storeOn(bucket).readHistory()).map((h) => h.version).sort()).toEqual(['1.0.0', '1.0.1', '1.0.2', '1.0.3', '1.0.4', '1.0.5']);
  });

  it('reads s3://bucket/prefix URLs', () => {
    expect(parseS3Url('s3://releases/portal/prod')).toEqual({ bucket: 'releases', prefix: 'portal/prod/' });
    expect(parseS3Url('s3://releases')).toEqual({ bucket: 'releases', prefix: '' });
    expect(() => parseS3Url('https://releases/x')).toThrow(/s3:\/\/bucket\/prefix/);
    expect(() => parseS3Url('s3://releases/a/../b')).toThrow(/"\.\."/);
  });
});

describe('choosing the release store by configuration', () => {
  it('uses the folder by default and object storage for RELEASE_STORE_URL=s3://bucket/prefix', async () => {
    expect(await openReleaseStore(loadPortalConfig({ DATA_DIR: await tempDir() }))).toBeInstanceOf(FsReleaseStore);

    const config = loadPortalConfig({ RELEASE_STORE_URL: 's3://releases/portal', S3_ENDPOINT: s3.endpoint, AWS_REGION: 'eu-west-2' });
    // Entries stay on the portal's own /remotes/ (served from the bucket by nginx or a CDN), and the CSP adds no origin.
    expect(config.releaseStoreUrl).toBeNull();
    expect(config.releaseStoreS3).toEqual({ url: 's3://releases/portal', endpoint: s3.endpoint, region: 'eu-west-2', credentials: null });
    const store = await openReleaseStore(config);
    expect(store).toBeInstanceOf(S3ReleaseStore);
    expect(store.location).toBe('s3://releases/portal/');

    expect(() => loadPortalConfig({ RELEASE_STORE_URL: 'ftp://releases/portal' })).toThrow(/RELEASE_STORE_URL: use an https:\/\/ base URL or s3:\/\/bucket\/prefix/);
  });

  it('runs the release CLI against the bucket: publish, promote, status, history', async () => {
    const bucket = await newBucket();
    const env = {
      RELEASE_STORE_URL: `s3://${bucket}/portal`,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      RELEASE_ACTOR: 'cli-s3',
      LOG_LEVEL: 'silent',
    };
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runReleaseCli(argv, (l) => out.push(l), env, (l) => err.push(l));
      return { code, out: out.join('\n'), err };
    };
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    expect(await cli('publish', 'mfe-auth', '--version', '1.0.0', '--dir', build)).toMatchObject({ code: 0, err: [] });
    expect((await cli('promote', 'mfe-auth', '1.0.0')).out).toContain('mfe-auth 1.0.0 is stable');
    const again = await cli('publish', 'mfe-auth', '--version', '1.0.0', '--dir', build);
    expect(again.err).toEqual([expect.stringMatching(/^release publish: mfe-auth 1\.0\.0 is already published/)]);
    const status = await cli('status');
    expect(status.out).toContain(`store: s3://${bucket}/portal/`);
    expect(status.out).toMatch(/mfe-auth\s+1\.0\.0/);
    expect((await cli('history')).out).toMatch(/promote\s+mfe-auth\s+1\.0\.0\s+-\s+cli-s3/);
    expect(s3.object(bucket, 'portal/release.json')?.body.toString()).toContain('/remotes/mfe-auth/1.0.0/mf-manifest.json');
  });
});
