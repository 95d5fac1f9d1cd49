import { describe, expect, it } from 'vitest';
import type { ReleaseManifest } from '@portal/shared-contracts';
import { guardFigures, tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { canary, promote } from './actions';
import { DEFAULT_GUARD } from './guard';
import { GUARD_ACTOR, GUARD_PASS_DONE, runGuardPass, startGuardLoop, type Exclusively, type FiguresReader } from './guard-loop';
import { emptyManifest } from './manifest';
import { publishRemote } from './publish';
import { FsReleaseStore } from './store';

const actor = 'ana@ops';
const quiet = { info: () => {}, warn: () => {} };

async function guardedCanary(settings = DEFAULT_GUARD) {
  const store = new FsReleaseStore(await tempDir());
  await store.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const v of ['1.0.0', '1.1.0']) {
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir, v);
    await publishRemote(store, 'mfe-employees', { dir, version: v, actor });
  }
  await promote(store, 'mfe-employees', '1.0.0', { actor });
  await canary(store, 'mfe-employees', '1.1.0', 50, [], { actor, guard: settings, now: new Date('2026-11-25T12:00:00Z') });
  return store;
}

const health = (version: string, pageViews: number, renderErrors: number) => guardFigures('mfe-employees', version, pageViews, renderErrors);

/** An advisory lock as PostgreSQL gives it: whoever holds it runs, the others skip. */
function sharedLock(figures: FiguresReader): Exclusively {
  let held = false;
  return async (pass) => {
    if (held) return { ran: false };
    held = true;
    try {
      return { ran: true, value: await pass(figures) };
    } finally {
      held = false;
    }
  };
}

const at = new Date('2026-11-25T12:05:00Z');

describe('the release guard loop', () => {
  it('aborts a bad guarded canary, records the figures in the history, and says so in the log', async () => {
    const store = await guardedCanary();
    expect((await store.readManifest())?.remotes['mfe-employees']?.canary?.guard).toEqual({
      marginPoints: 2,
      minPageViews: 200,
      minSenders: 10,
      autoPromoteAfterMs: null,
      since: '2026-11-25T12:00:00.000Z',
    });
    const windows: Array<[string, string]> = [];
    const asked: string[][] = [];
    const figures: FiguresReader = async (from, to, versions) => {
      windows.push([from.toISOString(), to.toISOString()]);
      asked.push(versions.map((v) => `${v.remote}@${v.version}`));
      return [health('1.0.0', 250, 1), health('1.1.0', 250, 125)];
    };
    const recorded: string[][] = [];
    const recordVersions = async (m: ReleaseManifest | null) => {
      recorded.push(Object.values(m?.remotes ?? {}).flatMap((r) => [r.stable.version, r.canary?.version ?? '-']));
    };
    const lines: string[] = [];
    const outcomes = await runGuardPass({ store, exclusively: sharedLock(figures), log: { info: () => {}, warn: (_o, m) => lines.push(m) }, now: at, recordVersions });
    expect(outcomes?.map((o) => o.decision.action)).toEqual(['abort']);
    // Stable and canary over the same window, from the canary's start, and nothing else.
    expect(windows).toEqual([['2026-11-25T12:00:00.000Z', '2026-11-25T12:06:00.000Z']]);
    expect(asked).toEqual([['mfe-employees@1.1.0', 'mfe-employees@1.0.0']]);
    // The api is told the versions in force on every pass (before the abort: the canary still named).
    expect(recorded).toEqual([['1.0.0', '1.1.0']]);
    // Share 0: nobody is on the canary any more, and release.json still names it beside stable.
    expect((await store.readManifest())?.remotes['mfe-employees']).toMatchObject({
      stable: { version: '1.0.0' },
      canary: { version: '1.1.0', percent: 0, companies: [], guard: { since: '2026-11-25T12:00:00.000Z' } },
    });
    const last = (await store.readHistory()).at(-1)!;
    expect(last).toMatchObject({ action: 'abort-canary', remote: 'mfe-employees', version: '1.0.0', from: '1.1.0', by: GUARD_ACTOR });
    expect(last.note).toBe(
      'guard: error rate canary 50.0% (125 errors in 250 page views, 40 senders) vs stable 0.4% (1 errors in 250 page views, 40 senders): 49.6 points over stable, more than the 2 allowed',
    );
    expect(lines).toEqual(['release guard aborted the canary mfe-employees 1.1.0']);
  });

  it('leaves a healthy canary, and one with too few page views, as they are', async () => {
    const store = await guardedCanary();
    for (const canaryFigures of [health('1.1.0', 250, 2), health('1.1.0', 100, 100)]) {
      const outcomes = await runGuardPass({ store, exclusively: sharedLock(async () => [health('1.0.0', 250, 1), canaryFigures]), log: quiet, now: at });
      expect(outcomes?.map((o) => o.decision.action)).toEqual(['keep']);
    }
    expect((await store.readManifest())?.remotes['mfe-employees']?.canary?.version).toBe('1.1.0');
    expect((await store.readHistory()).at(-1)?.action).toBe('canary');
  });

  it('says once that it waits when the largest sender alone would decide the canary, and acts on nothing', async () => {
    const store = await guardedCanary();
    // 6 failures in 250 page views: 2.4 points over stable, all of them from one sender.
    const canaryFigures = guardFigures('mfe-employees', '1.1.0', 250, 6, 40, [
      { pageViews: 10, failures: 0 },
      { pageViews: 3, failures: 6 },
    ]);
    const lock = sharedLock(async () => [guardFigures('mfe-employees', '1.0.0', 250, 0), canaryFigures]);
    const lines: Array<{ msg: string; reason?: string }> = [];
    const log = { info: () => {}, warn: (o: object, msg: string) => lines.push({ msg, ...(o as { reason?: string }) }) };
    const saidWaiting = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const outcomes = await runGuardPass({ store, exclusively: lock, log, now: at, saidWaiting });
      expect(outcomes?.[0]?.decision).toMatchObject({ action: 'keep', waitingOn: 'canary' });
    }
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'release guard waits on the canary mfe-employees 1.1.0: its largest canary sender alone decides the figures',
        reason: expect.stringMatching(/^waiting: without its largest canary sender \(3 page views, 6 failures\) the canary would not be aborted/),
      }),
    ]);
    expect((await store.readHistory()).at(-1)?.action).toBe('canary');
  });

  it('acts once when two instances check at the same moment', async () => {
    const store = await guardedCanary();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const figures: FiguresReader = async () => {
      await slow;
      return [health('1.0.0', 250, 1), health('1.1.0', 250, 125)];
    };
    const lock = sharedLock(figures);
    const first = runGuardPass({ store, exclusively: lock, log: quiet, now: at });
    const second = runGuardPass({ store, exclusively: lock, log: quiet, now: at });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a?.length ?? null, b?.length ?? null].sort()).toEqual([1, null]);
    // The next minute's check finds no canary left to judge (the aborted one is at share 0).
    expect(await runGuardPass({ store, exclusively: lock, log: quiet, now: at })).toEqual([]);
    expect((await store.readHistory()).filter((h) => h.action === 'abort-canary')).toHaveLength(1);
  });

  it('promotes a guarded canary that stayed healthy for its configured time', async () => {
    const store = await guardedCanary({ ...DEFAULT_GUARD, autoPromoteAfterMs: 3_600_000 });
    const lock = sharedLock(async () => [health('1.0.0', 1000, 5), health('1.1.0', 1000, 6)]);
    expect((await runGuardPass({ store, exclusively: lock, log: quiet, now: at }))?.[0]?.decision.action).toBe('keep');
    const later = new Date('2026-11-25T13:00:00Z');
    expect((await runGuardPass({ store, exclusively: lock, log: quiet, now: later }))?.[0]?.decision.action).toBe('promote');
    const m = await store.readManifest();
    expect(m?.remotes['mfe-employees']).toMatchObject({ stable: { version: '1.1.0' }, canary: null });
    expect((await store.readHistory()).at(-1)).toMatchObject({ action: 'promote', version: '1.1.0', by: GUARD_ACTOR, note: expect.stringMatching(/^guard: healthy for 1h/) });
  });

  it('promotes at the address the store is served from, as the CLI does', async () => {
    const store = await guardedCanary({ ...DEFAULT_GUARD, autoPromoteAfterMs: 3_600_000 });
    const lock = sharedLock(async () => [health('1.0.0', 1000, 5), health('1.1.0', 1000, 6)]);
    const storeUrl = 'https://cdn.example.com/portal';
    await runGuardPass({ store, storeUrl, exclusively: lock, log: quiet, now: new Date('2026-11-25T13:00:00Z') });
    expect((await store.readManifest())?.remotes['mfe-employees']?.stable).toMatchObject({
      version: '1.1.0',
      entry: 'https://cdn.example.com/portal/remotes/mfe-employees/1.1.0/mf-manifest.json',
    });
  });

  it('logs each pass that judged a guarded canary, with when it began, so that its passes can be counted', async () => {
    const store = await guardedCanary();
    const passes: Array<{ began: string; canaries: unknown }> = [];
    const log = { info: (o: object, m: string) => void (m === GUARD_PASS_DONE && passes.push(o as (typeof passes)[number])), warn: () => {} };
    const before = Date.now();
    const loop = startGuardLoop({ store, exclusively: sharedLock(async () => [health('1.0.0', 250, 1), health('1.1.0', 250, 2)]), log }, 20);
    await expect.poll(() => passes.length).toBeGreaterThanOrEqual(3);
    await loop.stop();
    for (const p of passes) {
      expect(p.canaries).toEqual([{ remote: 'mfe-employees', canary: '1.1.0', action: 'keep' }]);
      expect(Date.parse(p.began)).toBeGreaterThanOrEqual(before);
    }
    // In the order they ran.
    expect(passes.map((p) => p.began)).toEqual(passes.map((p) => p.began).sort());

    // Nothing guarded: nothing judged, nothing said.
    const quietStore = new FsReleaseStore(await tempDir());
    await quietStore.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
    const said: string[] = [];
    const idle = startGuardLoop({ store: quietStore, exclusively: sharedLock(async () => []), log: { info: (_o, m) => said.push(m), warn: (_o, m) => said.push(m) } }, 20);
    await new Promise((r) => setTimeout(r, 100));
    await idle.stop();
    expect(said).toEqual([]);
  });
});
