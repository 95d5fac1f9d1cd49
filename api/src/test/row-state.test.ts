import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/handle';
import { rows } from '../db/sql';
import { rowStates, type RowStates } from './row-state';
import { useTestApp } from './test-support';
import { makeCompany, makeEmployer } from './trips-world';

/**
 * The check behind "a refused request changes no row" (`bad-input.test.ts`) hashes the tables only
 * when a writing transaction ended since its previous read (`row-state.ts`). These tests change rows
 * in every way a handler could and require the change to be reported, as hashing every table reports
 * it; and they require what is no change of content (a skipped table or column, an update to the
 * same values) not to be.
 */

const t = useTestApp();
let db: Db;
let companies: string[];

const exec = (q: ReturnType<typeof sql>) => db.execute(q);
const changed = (a: Map<string, string>, b: Map<string, string>) => [...b].filter(([k, v]) => a.get(k) !== v).map(([k]) => k);

function newState(): RowStates {
  return rowStates(db, { skipTables: new Set(['auth_events', 'rate_limits']), skipColumns: new Set(['sessions.last_seen_at']) });
}

/** Reads before and after `change`; the tables reported, after checking that hashing every table says the same. */
async function reported(state: RowStates, change: () => Promise<unknown>): Promise<string[]> {
  const before = await state.read();
  await change();
  const after = await state.read();
  expect(changed(await state.readAll(), after)).toEqual([]);
  return changed(before, after);
}

beforeAll(async () => {
  await t.reset();
  db = t.ctx.db;
  companies = [];
  for (let i = 0; i < 30; i++) companies.push(await makeCompany(db, `Company ${i}`));
  await makeEmployer(db, companies[0]!, 'boss@row-state.test');
});

describe('the rows of a database, hashed only after a write', () => {
  it('reports a row changed beside a request the api refuses, as a handler writing before it refuses would', async () => {
    const state = newState();
    const names = await reported(state, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'not an address' } });
      expect(res.statusCode).toBe(400);
      await exec(sql`update companies set name = 'Changed by a refusal' where id = ${companies[7]!}`);
    });
    expect(names).toEqual(['companies']);
  });

  it('reports every kind of change: one column of one row, a row deleted, a row added, one deleted and one added (same count)', async () => {
    const state = newState();
    expect(await reported(state, () => exec(sql`update companies set email = 'other@row-state.test' where id = ${companies[3]!}`))).toEqual(['companies']);
    expect(await reported(state, () => exec(sql`delete from companies where id = ${companies[29]!}`))).toEqual(['companies']);
    expect(await reported(state, () => makeCompany(db, 'Added'))).toEqual(['companies']);
    const [{ n: before }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from companies`)) as [{ n: number }];
    expect(
      await reported(state, async () => {
        await exec(sql`delete from companies where id = ${companies[28]!}`);
        await makeCompany(db, 'In its place');
      }),
    ).toEqual(['companies']);
    const [{ n: after }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from companies`)) as [{ n: number }];
    expect(after).toBe(before);
    // Two tables in one transaction (the users' triggers write a third).
    expect(
      await reported(state, () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`update companies set phone_number = '+44 7700 900999' where id = ${companies[5]!}`);
            await tx.execute(sql`update users set name = 'Renamed' where email = 'boss@row-state.test'`);
          }),
      ),
    ).toEqual(expect.arrayContaining(['companies', 'users']));
  });

  it('reports a row written back to its former content and then changed again: each read compares rows, not writes', async () => {
    const state = newState();
    const [{ name }] = (await rows<{ name: string }>(db, sql`select name from companies where id = ${companies[9]!}`)) as [{ name: string }];
    expect(await reported(state, () => exec(sql`update companies set name = ${name} where id = ${companies[9]!}`))).toEqual([]);
    expect(await reported(state, () => exec(sql`update companies set name = ${`${name}!`} where id = ${companies[9]!}`))).toEqual(['companies']);
    expect(await reported(state, () => exec(sql`update companies set name = ${name} where id = ${companies[9]!}`))).toEqual(['companies']);
  });

  it('does not report what is left out (a bookkeeping table, a bookkeeping column), nor a read', async () => {
    const state = newState();
    expect(
      await reported(state, async () => {
        await exec(sql`update sessions set last_seen_at = now() + interval '1 minute'`);
        await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'nobody@row-state.test', password: 'Wrong-password-1' } });
      }),
    ).toEqual([]);
    const reads = state.figures.unchanged;
    expect(await reported(state, () => rows(db, sql`select count(*) from companies`))).toEqual([]);
    expect(state.figures.unchanged).toBeGreaterThan(reads);
  });

  it.skipIf(!process.env.DATABASE_URL)('reports a write whose transaction began before the previous read and ended after it, after a later one had ended', async () => {
    const state = newState();
    await state.read();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const started = new Promise<void>((resolve) => (began = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.execute(sql`update companies set name = 'Long writer' where id = ${companies[11]!}`);
      began();
      await held;
    });
    await started;
    // A later transaction ends first: the snapshot's next id has moved past the writer's before it ends.
    await makeCompany(db, 'Ended meanwhile');
    const middle = await state.read();
    release();
    await writer;
    const after = await state.read();
    expect(changed(middle, after)).toEqual(['companies']);
    expect(changed(await state.readAll(), after)).toEqual([]);
  });
});
