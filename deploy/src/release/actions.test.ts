import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { abortCanary, canary, formatTable, parsePercent, promote, releaseActor, rollback, statusRows } from './actions';
import { emptyManifest } from './manifest';
import { publishRemote } from './publish';
import { FsReleaseStore } from './store';

const actor = 'ana@ops';

/** A store where mfe-auth 1.0.0 is stable and 1.1.0, 1.2.0 are published. */
async function storeWithVersions() {
  const store = new FsReleaseStore(await tempDir());
  await store.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir, v);
    await publishRemote(store, 'mfe-auth', { dir, version: v, actor });
  }
  await promote(store, 'mfe-auth', '1.0.0', { actor });
  return store;
}

describe('release actions', () => {
  it('runs a canary, promotes it and rolls back, recording who did what in the history', async () => {
    const store = await storeWithVersions();
    let m = await canary(store, 'mfe-auth', '1.1.0', 10, ['company-a', 'company-b'], { actor });
    expect(m.remotes['mfe-auth']).toMatchObject({
      stable: { version: '1.0.0' },
      canary: { version: '1.1.0', percent: 10, companies: ['company-a', 'company-b'], contractsVersion: expect.any(String) },
    });

    m = await promote(store, 'mfe-auth', undefined, { actor });
    expect(m.remotes['mfe-auth']?.stable.version).toBe('1.1.0');
    expect(m.remotes['mfe-auth']?.canary).toBeNull();
    expect(m.remotes['mfe-auth']?.previous.map((p) => p.version)).toEqual(['1.0.0']);

    m = await rollback(store, 'mfe-auth', { actor });
    expect(m.remotes['mfe-auth']?.stable.version).toBe('1.0.0');
    expect(m.remotes['mfe-auth']?.previous).toEqual([]);
    expect((await store.readManifest())?.remotes['mfe-auth']?.stable.version).toBe('1.0.0');

    const history = (await store.readHistory()).filter((e) => e.action !== 'publish');
    expect(history.map((e) => [e.action, e.version, e.from, e.by])).toEqual([
      ['promote', '1.0.0', null, actor],
      ['canary', '1.1.0', '1.0.0', actor],
      ['promote', '1.1.0', '1.0.0', actor],
      ['rollback', '1.0.0', '1.1.0', actor],
    ]);
    for (const e of history) expect(Date.parse(e.at)).not.toBeNaN();
  });

  it('refuses unknown remotes, versions not in the store and percentages out of range', async () => {
    const store = await storeWithVersions();
    await expect(canary(store, 'nope', '1.1.0', 10)).rejects.toThrow(/Unknown remote "nope"/);
    // A remote's shape may be a remote built elsewhere (docs/decisions/0050): it has nothing in the store.
    await expect(canary(store, 'mfe-nope', '1.1.0', 10)).rejects.toThrow(/mfe-nope has no stable version yet/);
    await expect(canary(store, 'mfe-auth', '9.9.9', 10)).rejects.toThrow(/mfe-auth 9\.9\.9 is not in the store/);
    await expect(promote(store, 'mfe-auth', '9.9.9')).rejects.toThrow(/not in the store/);
    await expect(canary(store, 'mfe-auth', '1.0.0', 10)).rejects.toThrow(/already the stable version/);
    expect(() => parsePercent('101')).toThrow(/from 0 to 100/);
    expect(() => parsePercent('-1')).toThrow(/from 0 to 100/);
    expect(() => parsePercent('ten')).toThrow(/from 0 to 100/);
    expect(() => parsePercent(undefined)).toThrow(/from 0 to 100/);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('12.5')).toBe(12.5);
    await expect(promote(store, 'mfe-auth')).rejects.toThrow(/no canary to promote/);
    await expect(abortCanary(store, 'mfe-auth')).rejects.toThrow(/no canary/);
    await expect(rollback(store, 'mfe-employees')).rejects.toThrow(/no stable version/);
    await expect(rollback(store, 'mfe-auth')).rejects.toThrow(/no earlier stable version/);
    // Nothing refused left a trace in the manifest.
    expect((await store.readManifest())?.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: null });
  });

  it('writes the manifest atomically: concurrent readers see a whole manifest, and no temp file is left', async () => {
    const store = await storeWithVersions();
    const readers = Array.from({ length: 50 }, () => store.readManifest());
    const writers = [canary(store, 'mfe-auth', '1.1.0', 50, [], { actor }), canary(store, 'mfe-auth', '1.2.0', 20, [], { actor })];
    const read = await Promise.all(readers);
    await Promise.all(writers);
    for (const m of read) expect(m?.remotes['mfe-auth']?.stable.version).toBe('1.0.0');
    expect((await readdir(store.rootDir)).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(['1.1.0', '1.2.0']).toContain((await store.readManifest())?.remotes['mfe-auth']?.canary?.version);
  });

  it('ends a canary without promoting it', async () => {
    const store = await storeWithVersions();
    await canary(store, 'mfe-auth', '1.2.0', 5, [], { actor });
    await canary(store, 'mfe-auth', '1.2.0', 5, ['company-a'], { actor });
    const m = await abortCanary(store, 'mfe-auth', { actor, note: 'too many errors' });
    // Share 0 and no targeted company: nobody gets it on the next load; the version stays named.
    expect(m.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: { version: '1.2.0', percent: 0, companies: [] } });
    expect((await store.readHistory()).at(-1)).toMatchObject({ action: 'abort-canary', version: '1.0.0', from: '1.2.0', by: actor, note: 'too many errors' });
    await expect(abortCanary(store, 'mfe-auth', { actor })).rejects.toThrow(/canary 1\.2\.0 is already at share 0/);
    // An aborted canary is not promoted, named or not: it gets a share again first.
    const why = "mfe-auth's canary 1.2.0 is at share 0 (aborted or paused): nobody runs it, so nothing shows it works now. Give it a share again first (Set share in the release console, or pnpm release canary mfe-auth 1.2.0 --percent 10), watch its figures, then promote it";
    await expect(promote(store, 'mfe-auth', undefined, { actor })).rejects.toThrow(why);
    await expect(promote(store, 'mfe-auth', '1.2.0', { actor })).rejects.toThrow(why);
    expect((await store.readManifest())?.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: { version: '1.2.0', percent: 0 } });
    expect((await store.readHistory()).at(-1)).toMatchObject({ action: 'abort-canary' });
    await canary(store, 'mfe-auth', '1.2.0', 10, [], { actor });
    const promoted = await promote(store, 'mfe-auth', '1.2.0', { actor });
    expect(promoted.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.2.0' }, canary: null });
  });

  it('replaces an aborted canary with a new one, and rolls back over it', async () => {
    const store = await storeWithVersions();
    await canary(store, 'mfe-auth', '1.1.0', 50, [], { actor });
    await abortCanary(store, 'mfe-auth', { actor });
    let m = await canary(store, 'mfe-auth', '1.2.0', 20, [], { actor });
    expect(m.remotes['mfe-auth']?.canary).toMatchObject({ version: '1.2.0', percent: 20 });
    await abortCanary(store, 'mfe-auth', { actor });
    m = await promote(store, 'mfe-auth', '1.1.0', { actor });
    // Another version's aborted canary stays beside the new stable, still at share 0.
    expect(m.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.1.0' }, canary: { version: '1.2.0', percent: 0 } });
    m = await rollback(store, 'mfe-auth', { actor });
    expect(m.remotes['mfe-auth']).toMatchObject({ stable: { version: '1.0.0' }, canary: null });
  });

  it('names the actor from RELEASE_ACTOR, else the OS user', () => {
    expect(releaseActor({ RELEASE_ACTOR: 'ci-bot' })).toBe('ci-bot');
    expect(releaseActor({})).toMatch(/.+/);
  });

  it('shows status as a table: remote, stable, canary, share, contracts, age', async () => {
    const store = await storeWithVersions();
    const now = new Date();
    await canary(store, 'mfe-auth', '1.1.0', 10, ['c1'], { actor, now: new Date(now.getTime() - 3 * 60_000) });
    const lines = formatTable(statusRows(await store.readManifest(), now));
    expect(lines[0]).toMatch(/^REMOTE\s+STABLE\s+CANARY\s+SHARE\s+CONTRACTS\s+AGE$/);
    const auth = lines.find((l) => l.startsWith('mfe-auth'));
    expect(auth?.split(/\s{2,}/)).toEqual(['mfe-auth', '1.0.0', '1.1.0', '10% +1 company', expect.stringMatching(/^\d+\.\d+\.\d+ \/ \d+\.\d+\.\d+$/), '3m']);
    expect(lines.find((l) => l.startsWith('mfe-billing'))).toMatch(/^mfe-billing\s+-\s+-/);
  });
});
