import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { canary, promote } from './actions';
import { emptyManifest, entryFor, setStable } from './manifest';
import { publishRemote } from './publish';
import { createS3Client, S3ReleaseStore } from './s3-store';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { FsReleaseStore, type ReleaseStore } from './store';

const info = { version: 'x', contractsVersion: '1.0.0' };

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});

let buckets = 0;
/** A store on a fresh bucket of the local S3-compatible server, as a second CLI would open it. */
export async function openS3Store(server: S3TestServer, bucket?: string, attempts?: number): Promise<S3ReleaseStore> {
  const name = bucket ?? `releases-${process.pid}-${++buckets}`;
  const client = createS3Client({ endpoint: server.endpoint, region: 'eu-west-2', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  if (!bucket) await client.send(new CreateBucketCommand({ Bucket: name }));
  return new S3ReleaseStore({ bucket: name, prefix: 'portal/', client, ...(attempts ? { attempts } : {}) });
}

/** Each store, and a second handle on the same store (another process releasing at the same time). */
const STORES: { name: string; open: () => Promise<[ReleaseStore, ReleaseStore]> }[] = [
  {
    name: 'FsReleaseStore (folder)',
    open: async () => {
      const root = await tempDir();
      return [new FsReleaseStore(root), new FsReleaseStore(root)];
    },
  },
  {
    name: 'S3ReleaseStore (object storage)',
    open: async () => {
      const first = await openS3Store(s3);
      return [first, await openS3Store(s3, first.bucket)];
    },
  },
];

/**
 * Holds every party that arrives until `parties` have arrived (or `ms` passed, for a store that
 * serialises changes and so never lets the second one arrive while the first waits).
 */
function barrier(parties: number, ms = 300) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const timer = setTimeout(open, ms);
  return async () => {
    if (++arrived >= parties) {
      clearTimeout(timer);
      open();
    }
    await opened;
  };
}

/** The store, with every manifest change held at the barrier after it is worked out and before it is written. */
function heldAt(store: ReleaseStore, arrive: () => Promise<void>, calls: { n: number }): ReleaseStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'updateManifest') {
        return (change: Parameters<ReleaseStore['updateManifest']>[0]) =>
          target.updateManifest(async (current) => {
            calls.n++;
            const next = await change(current);
            await arrive();
            return next;
          });
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** mfe-auth 1.0.0 and mfe-employees 1.0.0 stable, mfe-auth 1.1.0 and mfe-employees 2.0.0 published. */
async function releasedStore(store: ReleaseStore): Promise<void> {
  await store.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const [remote, versions] of [
    ['mfe-auth', ['1.0.0', '1.1.0']],
    ['mfe-employees', ['1.0.0', '2.0.0']],
  ] as const) {
    for (const v of versions) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, `${remote}-${v}`);
      await publishRemote(store, remote, { dir, version: v, actor: 'setup' });
    }
    await promote(store, remote, '1.0.0', { actor: 'setup' });
  }
}

describe.each(STORES)('$name', ({ name, open }) => {
  it('stores a build under <remote>/<version> and refuses to replace it', async () => {
    const [store] = await open();
    const build = await tempDir();
    await writeFakeRemoteBuild(build);

    expect(await store.hasVersion('mfe-auth', '1.0.0')).toBe(false);
    await store.putBuild('mfe-auth', '1.0.0', build, info);
    expect(await store.hasVersion('mfe-auth', '1.0.0')).toBe(true);
    expect((await store.readBuildInfo('mfe-auth', '1.0.0'))?.version).toBe('1.0.0');
    await expect(store.putBuild('mfe-auth', '1.0.0', build, info)).rejects.toThrow(/never replaced/);
    // Without a record the build's own build-info.json (or the contracts in use) is recorded.
    await store.putBuild('mfe-auth', '1.0.1', build);
    expect(await store.readBuildInfo('mfe-auth', '1.0.1')).toMatchObject({ version: '1.0.1', contractsVersion: expect.any(String) });
    expect(await store.listVersions('mfe-auth')).toEqual(['1.0.0', '1.0.1']);
    expect(await store.listVersions('mfe-employees')).toEqual([]);
  });

  it('rejects unknown remotes and versions that could escape the folder', async () => {
    const [store] = await open();
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    // A remote of the contracts or one of a remote's shape built elsewhere (docs/decisions/0050); nothing else.
    for (const remote of ['nope', '../mfe-auth', 'mfe-auth/..', 'MFE-AUTH']) {
      await expect(store.putBuild(remote as 'mfe-auth', '1.0.0', build, info)).rejects.toThrow(/Unknown remote/);
    }
    await expect(store.putBuild('mfe-auth', '../x', build, info)).rejects.toThrow(/Invalid version/);
    await expect(store.putBuild('mfe-auth', '1.0.0', await tempDir(), info)).rejects.toThrow(/mf-manifest.json/);
    expect(await store.listVersions('mfe-auth')).toEqual([]);
  });

  it('writes the manifest whole and reads it back validated', async () => {
    const [store] = await open();
    expect(await store.readManifest()).toBeNull();
    const base = emptyManifest({ version: '1.0.0', contractsVersion: '1.0.0' });
    const { manifest } = setStable(base, 'mfe-auth', { version: '1.0.0', entry: entryFor('mfe-auth', '1.0.0'), contractsVersion: '1.0.0' });
    await store.writeManifest(manifest);
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable.entry).toBe('/remotes/mfe-auth/1.0.0/mf-manifest.json');
    // A change is worked out on the manifest in force; a refused change writes nothing.
    await expect(store.updateManifest(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const updated = await store.updateManifest((m) => ({ ...m!, shell: { version: '2.0.0', contractsVersion: '1.0.0' } }));
    expect(updated.remotes['mfe-auth']?.stable.version).toBe('1.0.0');
    expect((await store.readManifest())?.shell.version).toBe('2.0.0');
  });

  it('appends history lines', async () => {
    const [store, other] = await open();
    await store.appendHistory({ at: '2026-01-01T00:00:00.000Z', action: 'publish', remote: 'mfe-auth', version: '1' });
    await store.appendHistory({ at: '2026-01-02T00:00:00.000Z', action: 'stable', remote: 'mfe-auth', version: '1', from: null });
    expect((await store.readHistory()).map((h) => h.action)).toEqual(['publish', 'stable']);
    // Two processes appending at once keep both lines.
    await Promise.all([
      store.appendHistory({ at: '2026-01-03T00:00:00.000Z', action: 'canary', remote: 'mfe-auth', version: '2', by: 'ana' }),
      other.appendHistory({ at: '2026-01-03T00:00:00.000Z', action: 'canary', remote: 'mfe-employees', version: '3', by: 'bo' }),
    ]);
    expect((await other.readHistory()).map((h) => h.by ?? '-').sort()).toEqual(['-', '-', 'ana', 'bo']);
  });

  it('two releases changing release.json at the same moment both land: no update is lost', async () => {
    const [a, b] = await open();
    await releasedStore(a);
    const arrive = barrier(2);
    const calls = { n: 0 };
    // Both read the same release.json, work out their change and write at once.
    await Promise.all([
      canary(heldAt(a, arrive, calls), 'mfe-auth', '1.1.0', 25, [], { actor: 'ana' }),
      promote(heldAt(b, arrive, calls), 'mfe-employees', '2.0.0', { actor: 'bo' }),
    ]);
    const manifest = await a.readManifest();
    expect(manifest?.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: { version: '1.1.0', percent: 25 } });
    expect(manifest?.remotes['mfe-employees']).toMatchObject({ stable: { version: '2.0.0' }, previous: [{ version: '1.0.0' }] });
    const history = (await a.readHistory()).filter((h) => h.by !== 'setup');
    expect(history.map((h) => `${h.action} ${h.remote} ${h.version} by ${h.by}`).sort()).toEqual([
      'canary mfe-auth 1.1.0 by ana',
      'promote mfe-employees 2.0.0 by bo',
    ]);
    // Object storage cannot lock: the write that came second was refused and worked out again on
    // the first one's result. The folder store makes the second wait for the first.
    expect(calls.n).toBe(name.startsWith('S3') ? 3 : 2);
  });
});

describe('FsReleaseStore', () => {
  it('keeps builds as folders and leaves no staging folder or lock behind', async () => {
    const root = await tempDir();
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    const store = new FsReleaseStore(root);
    await store.putBuild('mfe-auth', '1.0.0', build, info);
    expect(await readFile(path.join(root, 'mfe-auth', '1.0.0', 'mf-manifest.json'), 'utf8')).toContain('mfe_auth');
    expect((await readdir(path.join(root, 'mfe-auth'))).filter((n) => n.startsWith('.'))).toEqual([]);
    await store.updateManifest(() => emptyManifest({ version: '1.0.0', contractsVersion: '1.0.0' }));
    expect((await readdir(root)).sort()).toEqual(['mfe-auth', 'release.json']);
  });

  it('takes over a lock left by a release that died while changing release.json', async () => {
    const root = await tempDir();
    const store = new FsReleaseStore(root);
    const lock = path.join(root, '.release.json.lock');
    await writeFile(lock, '99999\n');
    const old = new Date(Date.now() - 5 * 60_000);
    await utimes(lock, old, old);
    await store.updateManifest(() => emptyManifest({ version: '1.0.0', contractsVersion: '1.0.0' }));
    expect((await store.readManifest())?.shell.version).toBe('1.0.0');
    expect(await readdir(root)).toEqual(['release.json']);
  });

  it('serves only files inside a published build', () => {
    expect(FsReleaseStore.isServablePath('/mfe-auth/1.0.0/mf-manifest.json')).toBe(true);
    expect(FsReleaseStore.isServablePath('/mfe-auth/1.0.0/sub/chunk.js')).toBe(true);
    expect(FsReleaseStore.isServablePath('/release.json')).toBe(false);
    expect(FsReleaseStore.isServablePath('/history.jsonl')).toBe(false);
    expect(FsReleaseStore.isServablePath('/mfe-auth/.incoming-1-abcd/x.js')).toBe(false);
    expect(FsReleaseStore.isServablePath('/other/1.0.0/x.js')).toBe(false);
    expect(FsReleaseStore.isServablePath('/mfe-auth/1.0.0/../../release.json')).toBe(false);
  });
});

describe('setStable', () => {
  it('keeps the replaced stable first in previous', () => {
    const ref = (v: string) => ({ version: v, entry: entryFor('mfe-auth', v), contractsVersion: '1.0.0' });
    let m = emptyManifest({ version: 's', contractsVersion: '1.0.0' });
    m = setStable(m, 'mfe-auth', ref('1')).manifest;
    const second = setStable(m, 'mfe-auth', ref('2'));
    expect(second.replaced).toBe('1');
    expect(second.manifest.remotes['mfe-auth']?.previous.map((p) => p.version)).toEqual(['1']);
    const third = setStable(second.manifest, 'mfe-auth', ref('3')).manifest;
    expect(third.remotes['mfe-auth']?.previous.map((p) => p.version)).toEqual(['2', '1']);
  });
});
