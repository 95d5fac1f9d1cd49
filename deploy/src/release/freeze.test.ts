import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { abortCanary, canary, freeze, promote, rollback, unfreeze } from './actions';
import { emptyManifest, freezesInForce } from './manifest';
import { publishRemote } from './publish';
import { FsReleaseStore } from './store';

const actor = 'ana@ops';
const acme = '11111111-1111-4111-8111-111111111111';
const now = new Date('2026-11-28T12:00:00.000Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** mfe-auth 1.0.0 stable with 1.1.0 a 10% canary; 1.2.0 published. */
async function store() {
  const s = new FsReleaseStore(await tempDir());
  await s.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir, v);
    await publishRemote(s, 'mfe-auth', { dir, version: v, actor });
  }
  await promote(s, 'mfe-auth', '1.0.0', { actor, now });
  await canary(s, 'mfe-auth', '1.1.0', 10, [], { actor, now, guard: { marginPoints: 2, minPageViews: 200, autoPromoteAfterMs: null } });
  return s;
}

/** What the freeze of a company holds for mfe-auth: stable and canary with its share. */
const heldBy = async (s: FsReleaseStore, at: Date) => {
  const m = (await s.readManifest())!;
  const r = freezesInForce(m, at).find((f) => f.companyId === acme)?.remotes['mfe-auth'];
  return r ? { stable: r.stable.version, canary: r.canary ? `${r.canary.version} ${r.canary.percent}%` : null } : null;
};

describe('change freezes', () => {
  it('holds a company on what it had through a promote and a canary at 100%, and lets it go at the end', async () => {
    const s = await store();
    const m = await freeze(s, acme, '2026-11-30T00:00:00Z', { actor, now });
    expect(m.freezes).toEqual([expect.objectContaining({ companyId: acme, since: now.toISOString(), until: '2026-11-30T00:00:00.000Z' })]);
    // The guard watches the release in force, not what a freeze holds.
    expect(m.freezes![0]!.remotes['mfe-auth']?.canary?.guard).toBeUndefined();

    await promote(s, 'mfe-auth', '1.1.0', { actor, now: later(1) });
    await canary(s, 'mfe-auth', '1.2.0', 100, [], { actor, now: later(2) });
    await rollback(s, 'mfe-auth', { actor, now: later(3) });
    await canary(s, 'mfe-auth', '1.2.0', 100, [], { actor, now: later(4) });
    expect(await heldBy(s, later(5))).toEqual({ stable: '1.0.0', canary: '1.1.0 10%' });

    // At its end the freeze is gone: from what is served at once, from the store with the next change.
    const end = new Date('2026-11-30T00:00:00.000Z');
    expect(await heldBy(s, end)).toBeNull();
    const next = await canary(s, 'mfe-auth', '1.2.0', 50, [], { actor, now: end });
    expect(next.freezes).toBeUndefined();

    const lines = (await s.readHistory()).filter((e) => e.action === 'freeze');
    expect(lines).toEqual([
      expect.objectContaining({ remote: '*', version: acme, by: actor, note: 'until 2026-11-30T00:00:00.000Z: mfe-auth 1.0.0 (canary 1.1.0 10%)' }),
    ]);
  });

  it('withdraws a failing version from a frozen company: an abort of its canary, a rollback --failing of its stable', async () => {
    const s = await store();
    await freeze(s, acme, '2026-12-01', { actor, now });
    await abortCanary(s, 'mfe-auth', { actor: 'release-guard', now: later(1), note: 'guard: error rate' });
    expect(await heldBy(s, later(1))).toEqual({ stable: '1.0.0', canary: '1.1.0 0%' });
    expect((await s.readHistory()).at(-1)?.note).toBe(`guard: error rate; withdrawn from the freeze of company ${acme}`);


    // A plain rollback leaves the company on its stable; one that says the version fails takes it away.
    for (const failing of [false, true]) {
      const s2 = await store();
      await promote(s2, 'mfe-auth', '1.1.0', { actor, now });
      await freeze(s2, acme, '2026-12-01', { actor, now });
      await rollback(s2, 'mfe-auth', { actor, now: later(1), failing });
      expect(await heldBy(s2, later(1))).toEqual(failing ? { stable: '1.0.0', canary: null } : { stable: '1.1.0', canary: null });
      if (failing)     expect((await s2.readHistory()).at(-1)).toMatchObject({ action: 'rollback', note: `failing; withdrawn from the freeze of company ${acme}` });
    }
  });

  it('moves the end of a freeze without taking new versions, and ends it on request', async () => {
    const s = await store();
    await freeze(s, acme, '2026-11-29', { actor, now });
    await promote(s, 'mfe-auth', '1.1.0', { actor, now: later(1) });
    const moved = await freeze(s, acme, '2026-12-05', { actor, now: later(2) });
    expect(moved.freezes).toHaveLength(1);
    expect(await heldBy(s, later(30))).toEqual({ stable: '1.0.0', canary: '1.1.0 10%' });
    expect((await s.readHistory()).at(-1)).toMatchObject({ action: 'freeze', from: '2026-11-29T00:00:00.000Z' });
    // Moved again and again, it still ends within 31 days of its start: the versions it holds do not age forever.
    await expect(freeze(s, acme, '2026-12-30', { actor, now: later(5 * 24) })).rejects.toThrow(
      `A freeze lasts at most 31 days from its start (${now.toISOString()}): end it and freeze again to hold the versions of now`,
    );

    const ended = await unfreeze(s, acme, { actor, now: later(3) });
    expect(ended.freezes).toBeUndefined();
    expect((await s.readHistory()).at(-1)).toMatchObject({ action: 'unfreeze', version: acme, from: '2026-12-05T00:00:00.000Z' });
    await expect(unfreeze(s, acme, { actor, now: later(4) })).rejects.toThrow(`Company ${acme} has no freeze in force`);
  });

  it('refuses an end in the past, more than 31 days ahead, a day that does not exist, and a company id that is not one', async () => {
    const s = await store();
    await expect(freeze(s, acme, '2026-11-28T11:59:59Z', { now })).rejects.toThrow('The end of the freeze has already passed: give a later date');
    await expect(freeze(s, acme, '2026-12-30', { now })).rejects.toThrow('A freeze lasts at most 31 days: give an end within 31 days of now');
    await expect(freeze(s, acme, '2026-02-31', { now })).rejects.toThrow(/^Give the end of the freeze as a date and time/);
    await expect(freeze(s, acme, 'soon', { now })).rejects.toThrow(/^Give the end of the freeze as a date and time/);
    await expect(freeze(s, `${'9'.repeat(10_000)}`, '2026-12-01', { now })).rejects.toThrow(/^That is not a company id/);
    expect((await s.readManifest())?.freezes).toBeUndefined();
    // 31 days to the millisecond is within the limit.
    await expect(freeze(s, acme, later(31 * 24).toISOString(), { now })).resolves.toBeTruthy();
  });
});
