import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeRepo } from '../test-fixtures';
import { canary, freeze, promote, withdraw } from './actions';
import { createPreview, parseExpires } from './preview';
import { ensureReleased, publishRemote } from './publish';
import { FsReleaseStore } from './store';

describe('publishRemote', () => {
  it('publishes the version the build recorded, once', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const store = new FsReleaseStore(await tempDir());

    const res = await publishRemote(store, 'mfe-auth', { repoRoot: repo });
    expect(res).toMatchObject({ version: '1.0.0-abc12345', published: true });
    expect(res.build).toMatchObject({ entry: '/remotes/mfe-auth/1.0.0-abc12345/mf-manifest.json', contractsVersion: '1.2.0' });

    await expect(publishRemote(store, 'mfe-auth', { repoRoot: repo })).rejects.toThrow(/already published/);
    expect((await publishRemote(store, 'mfe-auth', { repoRoot: repo, ifMissing: true })).published).toBe(false);
    expect((await store.readHistory()).filter((h) => h.action === 'publish')).toHaveLength(1);
  });

  it('takes an explicit version and refuses a missing build', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const store = new FsReleaseStore(await tempDir());
    expect((await publishRemote(store, 'mfe-auth', { repoRoot: repo, version: '9.9.9' })).version).toBe('9.9.9');
    await expect(publishRemote(store, 'mfe-billing', { repoRoot: repo })).rejects.toThrow(/No build of mfe-billing/);
  });
});

describe('a remote added after the shell was built (docs/decisions/0050)', () => {
  it('carries the pages its build recorded into the release, where a shell built without it finds them', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const app = { mfName: 'mfe_auth', feature: 'Account', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }] };
    const info = path.join(repo, 'mfe-auth', 'dist', 'build-info.json');
    await writeFile(info, JSON.stringify({ version: '1.0.0-abc12345', contractsVersion: '1.2.0', app }));
    const store = new FsReleaseStore(await tempDir());
    expect((await publishRemote(store, 'mfe-auth', { repoRoot: repo })).build.app).toEqual(app);
    await ensureReleased(store, { repoRoot: repo });
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable.app).toEqual(app);
    // `pnpm release canary` / `promote <version>` take the entry from what the store recorded.
    await publishRemote(store, 'mfe-auth', { repoRoot: repo, version: '1.1.0' });
    await canary(store, 'mfe-auth', '1.1.0', 10, []);
    expect((await store.readManifest())?.remotes['mfe-auth']?.canary?.app).toEqual(app);
    await promote(store, 'mfe-auth', '1.1.0');
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable).toMatchObject({ version: '1.1.0', app });
  });

  it('adds nothing for a remote whose build names no pages (the built-in six)', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const store = new FsReleaseStore(await tempDir());
    expect((await publishRemote(store, 'mfe-auth', { repoRoot: repo })).build).not.toHaveProperty('app');
  });
});

describe('a remote built in a repository of its own (pnpm create-remote --standalone)', () => {
  const app = { mfName: 'mfe_parking', feature: 'Parking', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }] };

  it('is published from its dist outside the repository and released, although the contracts do not list it', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const dist = await tempDir();
    await cp(path.join(repo, 'mfe-auth', 'dist'), dist, { recursive: true });
    await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ version: '1.0.0-local', contractsVersion: '1.2.0', app }));
    const store = new FsReleaseStore(await tempDir());
    const res = await publishRemote(store, 'mfe-parking', { dir: dist, repoRoot: repo });
    expect(res.build).toMatchObject({ entry: '/remotes/mfe-parking/1.0.0-local/mf-manifest.json', app });
    await promote(store, 'mfe-parking', '1.0.0-local');
    expect((await store.readManifest())?.remotes['mfe-parking' as 'mfe-auth']?.stable).toMatchObject({ version: '1.0.0-local', app });
    expect(FsReleaseStore.isServablePath('/mfe-parking/1.0.0-local/mf-manifest.json')).toBe(true);
  });

  it('is refused when its build does not say what it draws, or names a container not its own', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const dist = await tempDir();
    await cp(path.join(repo, 'mfe-auth', 'dist'), dist, { recursive: true });
    const store = new FsReleaseStore(await tempDir());
    await expect(publishRemote(store, 'mfe-parking', { dir: dist, repoRoot: repo })).rejects.toThrow(/does not say which pages it draws/);
    await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ version: '1.0.0-local', contractsVersion: '1.2.0', app: { ...app, mfName: 'mfe_auth' } }));
    await expect(publishRemote(store, 'mfe-parking', { dir: dist, repoRoot: repo })).rejects.toThrow(/container must be named mfe_parking/);
    await expect(publishRemote(store, 'parking', { dir: dist, repoRoot: repo })).rejects.toThrow(/Unknown remote "parking"/);
    expect(await store.listVersions('mfe-parking' as 'mfe-auth')).toEqual([]);
  });
});

describe('ensureReleased', () => {
  it('publishes every built remote and makes it stable when it has none', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const store = new FsReleaseStore(await tempDir());

    const first = await ensureReleased(store, { repoRoot: repo });
    expect(first).toEqual([{ remote: 'mfe-auth', version: '1.0.0-abc12345', published: true, madeStable: true }]);
    const manifest = await store.readManifest();
    expect(manifest?.remotes['mfe-auth']?.stable.version).toBe('1.0.0-abc12345');
    expect(manifest?.shell.contractsVersion).toBe('1.2.0');

    // Nothing changed: nothing happens.
    expect(await ensureReleased(store, { repoRoot: repo, promoteNew: true })).toEqual([
      { remote: 'mfe-auth', version: '1.0.0-abc12345', published: false, madeStable: false },
    ]);
  });

  it('publishes a changed build of the same commit under a new version and promotes it on request', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo, 'v1');
    const store = new FsReleaseStore(await tempDir());
    await ensureReleased(store, { repoRoot: repo });

    await writeFile(path.join(repo, 'mfe-auth', 'dist', '123.abcdef0123.js'), 'console.log("v2")');
    const kept = await ensureReleased(store, { repoRoot: repo });
    expect(kept[0]?.version).toMatch(/^1\.0\.0-abc12345\.[0-9a-f]{10}$/);
    expect(kept[0]?.madeStable).toBe(false);
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable.version).toBe('1.0.0-abc12345');

    const promoted = await ensureReleased(store, { repoRoot: repo, promoteNew: true });
    expect(promoted[0]).toMatchObject({ version: kept[0]?.version, published: false, madeStable: true });
    const remote = (await store.readManifest())?.remotes['mfe-auth'];
    expect(remote?.stable.version).toBe(kept[0]?.version);
    expect(remote?.previous.map((p) => p.version)).toEqual(['1.0.0-abc12345']);
  });
});

describe('withdrawing a remote the shell was not built with (pnpm release withdraw)', () => {
  const app = { mfName: 'mfe_parking', feature: 'Parking', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }] };

  it('takes it out of release.json, its freezes and previews, keeps its builds, and refuses the remotes of remotes.json', async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const dist = await tempDir();
    await cp(path.join(repo, 'mfe-auth', 'dist'), dist, { recursive: true });
    await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ version: '1.0.0-local', contractsVersion: '1.2.0', app }));
    const store = new FsReleaseStore(await tempDir());
    await publishRemote(store, 'mfe-auth', { repoRoot: repo });
    await ensureReleased(store, { repoRoot: repo });
    await publishRemote(store, 'mfe-parking', { dir: dist, repoRoot: repo });
    await promote(store, 'mfe-parking', '1.0.0-local');
    const company = '7f1c2c57-79dd-4364-a862-f0fea98aa20e';
    await freeze(store, company, new Date(Date.now() + 86_400_000).toISOString());
    await createPreview(store, 'mfe-parking', '1.0.0-local', parseExpires('1d'), { actor: 'ci', secret: 'k'.repeat(32), publicUrl: 'https://portal.example.com' });
    expect((await store.readManifest())?.freezes?.[0]?.remotes).toHaveProperty('mfe-parking');

    await expect(withdraw(store, 'mfe-auth', { actor: 'ops' })).rejects.toThrow(/remotes\.json.*pnpm remove-remote mfe-auth/);
    await withdraw(store, 'mfe-parking', { actor: 'ops' });
    const after = await store.readManifest();
    expect(Object.keys(after!.remotes)).toEqual(['mfe-auth']);
    expect(after?.freezes?.[0]?.remotes).not.toHaveProperty('mfe-parking');
    expect(after?.freezes?.[0]?.remotes).toHaveProperty('mfe-auth');
    expect(after?.previews ?? []).toEqual([]);
    expect(await store.listVersions('mfe-parking' as 'mfe-auth')).toEqual(['1.0.0-local']);
    expect((await store.readHistory()).at(-1)).toMatchObject({ action: 'withdraw', remote: 'mfe-parking', version: '1.0.0-local', by: 'ops' });
    await expect(withdraw(store, 'mfe-parking')).rejects.toThrow(/not in release\.json/);
    // Published and promoted again, it is back.
    await promote(store, 'mfe-parking', '1.0.0-local');
    expect((await store.readManifest())?.remotes['mfe-parking' as 'mfe-auth']?.stable.version).toBe('1.0.0-local');
  });
});
