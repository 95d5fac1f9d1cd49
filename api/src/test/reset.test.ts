import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { createTestApp, readResetPlan, TEST_SUPERADMIN, type TestApp } from './testing';
import { addOffice, enrolAt } from './billing-world';
import { users, vehicles } from '../db/schema';
import { acmeAndGlobex, foldAllRollups, postTrip, thisMonthAt, tokenFor } from './trips-world';

/**
 * `reset()` deletes rows with triggers silenced, then runs the truncate triggers' bodies, instead
 * of truncating every table (decision 0062, addendum). These tests hold it to what the truncate
 * left. Two databases live the same history, one reset each way; after each reset they must be
 * equal, table by table (every table of the schema, every row) and sequence by sequence. The same
 * history, not a fresh database: the tables outside the truncate (list versions, insight versions,
 * emission factors...) keep rows from test to test, which the truncate's triggers bump.
 */

let deleting: TestApp;
let truncating: TestApp;

beforeAll(async () => {
  deleting = await createTestApp();
  truncating = await createTestApp({ resetByTruncate: true });
});

afterAll(async () => {
  await deleting?.close();
  await truncating?.close();
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d(:\d\d)?|Z)?/g;

/**
 * Every table of the schema with its rows (in a stable order), and every sequence's state. Ids and
 * times that the super admin's seeding draws afresh (`gen_random_uuid()`, `now()`) are replaced by
 * placeholders; everything else, including every other column and the number of rows, is compared.
 */
async function dump(db: Db): Promise<{ tables: Record<string, string[]>; sequences: Record<string, string> }> {
  const names = await rows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`);
  const tables: Record<string, string[]> = {};
  for (const { name } of names) {
    const [r] = await rows<{ rows: unknown }>(db, sql.raw(`select coalesce(json_agg(t), '[]'::json)::text as rows from "${name}" t`));
    const parsed = JSON.parse(String(r!.rows)) as unknown[];
    tables[name] = parsed.map((row) => JSON.stringify(row).replace(UUID, '<uuid>').replace(TIME, '<time>')).sort();
  }
  const seqs = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = current_schema() order by c.relname`,
  );
  const sequences: Record<string, string> = {};
  for (const { name } of seqs) {
    const [s] = await rows<{ state: string }>(db, sql.raw(`select last_value::text || ' ' || is_called::text as state from "${name}"`));
    sequences[name] = s!.state;
  }
  return { tables, sequences };
}

const nonEmpty = (d: Awaited<ReturnType<typeof dump>>) => Object.keys(d.tables).filter((t) => d.tables[t]!.length > 0);

/**
 * An employee, signed in. Written here rather than by the worlds' helpers, whose names count up
 * across the file: both databases must see the same rows (the list's change rows keep names).
 */
async function person(db: Db, companyId: string, first: string, last: string, o: { car?: boolean; verified?: boolean } = {}) {
  const email = `${first}.${last}@reset.test`.toLowerCase();
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: '!', name: `${first} ${last}`, role: 'Employee', companyId, firstName: first, lastName: last, employeeNumber: `R-${first}`, isActive: true, isApproved: true, isDriverVerified: Boolean(o.verified) })
    .returning();
  if (o.car) await db.insert(vehicles).values({ userId: u!.id, make: 'Ford', model: 'Focus', registrationNumber: `RS ${first}`, isVerified: Boolean(o.verified) });
  return { id: u!.id, token: await tokenFor(db, u!.id) };
}

/** Companies, people, vehicles, trips and their roll-ups, groups, feedback, sign-ins, mail, telemetry. */
async function writeAcrossTables(t: TestApp): Promise<void> {
  const db = t.ctx.db;
  const w = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 2, numberOfMiles: 20 } });
  const dan = await person(db, w.acme, 'Dan', 'Driver', { car: true, verified: true });
  const pat = await person(db, w.acme, 'Pat', 'Passenger');
  const sue = await person(db, w.acme, 'Sue', 'Sharer');
  await person(db, w.globex, 'Gil', 'Globex', { car: true, verified: false });
  // An office the driver and a passenger work at (office roll-ups), and a subscription with its invoice.
  await addOffice(db, w.acme);
  await db.execute(sql`update users set office_id = (select id from locations limit 1) where id in (${dan.id}, ${pat.id})`);
  await enrolAt(db, w.acme, new Date());
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const group = await t.app.inject({ method: 'POST', url: '/api/journey-groups', headers: bearer(w.boss), payload: { name: 'Leeds North', meetingPoints: ['Gate 1'] } });
  expect(group.statusCode, group.body).toBe(201);
  for (const [i, passengers] of [[pat.id], [pat.id, sue.id], [sue.id]].entries()) {
    const trip = await postTrip(t.app, dan.token, { passengerIds: passengers, distanceMiles: 10 + i, startedAt: thisMonthAt(3 * i), clientTripId: `reset-${i}` });
    expect(trip.statusCode, trip.body).toBe(201);
  }
  // Some deltas folded, the later ones left pending, as a test may leave them.
  await foldAllRollups(db);
  expect((await postTrip(t.app, dan.token, { passengerIds: [pat.id], distanceMiles: 7, startedAt: thisMonthAt(9), clientTripId: 'reset-3' })).statusCode).toBe(201);
  const feedback = await t.app.inject({ method: 'POST', url: '/api/feedbacks', headers: bearer(pat.token), payload: { feedbackText: 'Lovely lift' } });
  expect(feedback.statusCode, feedback.body).toBe(201);
  for (const path of ['/api/employees?pageSize=10', '/api/dashboard/summary', '/api/employees?pageSize=10&searchTerm=dan']) {
    await t.app.inject({ method: 'GET', url: path, headers: bearer(w.boss) });
  }
  const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: TEST_SUPERADMIN.email, password: TEST_SUPERADMIN.password } });
  expect(login.statusCode, login.body).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: TEST_SUPERADMIN.email, password: 'Not-the-password-1' } });
  await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: TEST_SUPERADMIN.email } });
  await t.app.inject({ method: 'POST', url: '/api/scim/tokens', headers: bearer(w.boss), payload: { name: 'Directory' } });
  await t.app.inject({ method: 'POST', url: '/api/me/erasure-request', headers: bearer(sue.token) });
  await t.ctx.mailer.flush();
}

describe('reset()', () => {
  it('empties what the truncate empties, and runs every truncate trigger inline', async () => {
    const plan = await readResetPlan(deleting.ctx.db);
    // What the truncate reaches through `cascade`: every table referencing an emptied one.
    expect(plan.tables.length).toBeGreaterThan(40);
    expect(plan.sequences.map((s) => s.name)).toEqual(expect.arrayContaining(['auth_events_id_seq', 'office_monthly_stat_deltas_id_seq']));
    expect(plan.truncateTriggers.map((g) => g.trigger)).toEqual(expect.arrayContaining(['employee_list_truncate', 'employee_counts_truncate']));
    // A truncate trigger whose body is not `BEGIN <statements> RETURN NULL; END` (no declarations,
    // no TG_ variables) makes every reset truncate again, several times slower: keep that shape.
    expect(plan.unfit, 'truncate triggers reset() cannot run inline').toEqual([]);
  });

  it('leaves the database the truncate leaves, after the same history', async () => {
    const both = [deleting, truncating];
    for (const t of both) await t.reset();
    for (let round = 1; round <= 2; round++) {
      for (const t of both) await writeAcrossTables(t);
      const written = await dump(deleting.ctx.db);
      // The flows reach most tables (so the comparison is about something).
      expect(nonEmpty(written).length, nonEmpty(written).join(', ')).toBeGreaterThanOrEqual(30);

      for (const t of both) await t.reset();
      const after = await dump(deleting.ctx.db);
      const expected = await dump(truncating.ctx.db);
      // Tables the truncate leaves rows in (bumped by its triggers), compared below like the others.
      expect(expected.tables['employee_list_versions']!.length).toBeGreaterThan(0);
      expect(after.sequences, `sequences after reset ${round}`).toEqual(expected.sequences);
      for (const table of Object.keys(expected.tables)) expect(after.tables[table], `${table} after reset ${round}`).toEqual(expected.tables[table]);
      expect(Object.keys(after.tables)).toEqual(Object.keys(expected.tables));
    }
  });
});
