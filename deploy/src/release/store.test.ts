import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { emptyManifest, entryFor, setStable } from './manifest';
import { FsReleaseStore } from './store';

const info = { version: 'x', contractsVersion: '1.0.0' };

describe('FsReleaseStore', () => {
  it('stores a build under <remote>/<version> and refuses to replace it', async () => {
    const root = await tempDir();
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    const store = new FsReleaseStore(root);

    expect(await store.hasVersion('mfe-auth', '1.0.0')).toBe(false);
    await store.putBuild('mfe-auth', '1.0.0', build, info);
    expect(await store.hasVersion('mfe-auth', '1.0.0')).toBe(true);
    expect(await readFile(path.join(root, 'mfe-auth', '1.0.0', 'mf-manifest.json'), 'utf8')).toContain('mfe_auth');
    expect((await store.readBuildInfo('mfe-auth', '1.0.0'))?.version).toBe('1.0.0');
    await expect(store.putBuild('mfe-auth', '1.0.0', build, info)).rejects.toThrow(/never replaced/);
    // Without a record the build's own build-info.json (or the contracts in use) is recorded.
    await store.putBuild('mfe-auth', '1.0.1', build);
    expect(await store.readBuildInfo('mfe-auth', '1.0.1')).toMatchObject({ version: '1.0.1', contractsVersion: expect.any(String) });
    expect(await store.listVersions('mfe-auth')).toEqual(['1.0.0', '1.0.1']);
    // no staging folder is left behind
    expect((await readdir(path.join(root, 'mfe-auth'))).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('rejects unknown remotes and versions that could escape the folder', async () => {
    const store = new FsReleaseStore(await tempDir());
    const build = await tempDir();
    await writeFakeRemoteBuild(build);
    await expect(store.putBuild('mfe-nope' as 'mfe-auth', '1.0.0', build, info)).rejects.toThrow(/Unknown remote/);
    await expect(store.putBuild('mfe-auth', '../x', build, info)).rejects.toThrow(/Invalid version/);
    await expect(store.putBuild('mfe-auth', '1.0.0', await tempDir(), info)).rejects.toThrow(/mf-manifest.json/);
  });

  it('writes the manifest whole and reads it back validated', async () => {
    const root = await tempDir();
    const store = new FsReleaseStore(root);
    expect(await store.readManifest()).toBeNull();
    const base = emptyManifest({ version: '1.0.0', contractsVersion: '1.0.0' });
    const { manifest } = setStable(base, 'mfe-auth', { version: '1.0.0', entry: entryFor('mfe-auth', '1.0.0'), contractsVersion: '1.0.0' });
    await store.writeManifest(manifest);
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable.entry).toBe('/remotes/mfe-auth/1.0.0/mf-manifest.json');
    expect((await readdir(root)).sort()).toEqual(['release.json']);
  });

  it('appends history lines', async () => {
    const store = new FsReleaseStore(await tempDir());
    await store.appendHistory({ at: '2026-01-01T00:00:00.000Z', action: 'publish', remote: 'mfe-auth', version: '1' });
    await store.appendHistory({ at: '2026-01-02T00:00:00.000Z', action: 'stable', remote: 'mfe-auth', version: '1', from: null });
    expect((await store.readHistory()).map((h) => h.action)).toEqual(['publish', 'stable']);
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
