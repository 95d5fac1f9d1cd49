import { inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, TRIP_RULES, minTripMs, tripSchema } from '@portal/shared-contracts';
import * as pipeline from '../../db/pipeline';
import { locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import type { AuthUser } from '../../lib/sessions';
import { json, oneATurn, useTestApp, type Res } from '../../test/test-support';
import { makeCompany, makeEmployee, makeEmployer, postTrip } from '../../test/trips-world';
import { foldCompanyRollups, rebuildRollups, rollUpCtes } from './rollups';
import { recordTrip } from './service';

const t = useTestApp();

interface World {
  acme: string;
  globex: string;
  dan: { id: string; token: string }; // Acme driver
  pat: { id: string; token: string }; // Acme passenger
  sue: { id: string; token: string }; // Acme passenger, a driver too
  gil: { id: string; token: string }; // Globex employee
  inactive: string;
  pending: { id: string; token: string };
  employer: string;
  /** Acme employees with a vehicle whose verification is not complete. */
  unverified: Record<'licencePending' | 'rejected' | 'vehiclePending', { id: string; token: string }>;
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme', { numberOfTrips: 2, numberOfMiles: 30 });
  const globex = await makeCompany(db, 'Globex');
  w = {
    acme,
    globex,
    dan: await makeEmployee(db, acme, 'Dan', 'Driver', { car: true }),
    pat: await makeEmployee(db, acme, 'Pat', 'Passenger'),
    sue: await makeEmployee(db, acme, 'Sue', 'Sharer', { car: true }),
    gil: await makeEmployee(db, globex, 'Gil', 'Globex'),
    inactive: (await makeEmployee(db, acme, 'Ina', 'Inactive', { active: false })).id,
    pending: await makeEmployee(db, acme, 'Pen', 'Pending', { approved: false }),
    employer: (await makeEmployer(db, acme, 'boss@acme.test')).token,
    unverified: {
      licencePending: await makeEmployee(db, acme, 'Lee', 'Learner', { car: true, driver: 'pending' }),
      rejected: await makeEmployee(db, acme, 'Rex', 'Rejected', { car: true, driver: 'rejected' }),
      vehiclePending: await makeEmployee(db, acme, 'Val', 'Van', { car: true, driver: 'vehiclePending' }),
    },
  };
});

/** A new office of the company, with `people` in it. */
async function officeWith(companyId: string, town: string, people: string[]): Promise<string> {
  const db = t.ctx.db;
  const [o] = await db.insert(locations).values({ companyId, addressLine1: `1 ${town} Road`, town, postalCode: 'LS1 1AA' }).returning();
  await db.update(users).set({ officeId: o!.id }).where(inArray(users.id, people));
  return o!.id;
}

/** The office rows (migrations 0043, 0044): the folded rows and the deltas not folded yet, apart. */
async function officeFigures(companyId: string) {
  const [r] = await rows<{ trips: number; deltas: number; pending: number }>(
    t.ctx.db,
    sql`select (select coalesce(sum(trips), 0)::int from office_monthly_stats where company_id = ${companyId}) as trips,
      (select count(*)::int from office_monthly_stat_deltas where company_id = ${companyId}) as deltas,
      (select coalesce(sum(trips), 0)::int from office_monthly_stat_deltas where company_id = ${companyId}) as pending`,
  );
  return r!;
}

const err = (res: Res) => json<{ success: false; message: string; errors?: { field: string; message: string }[] }>(res);

async function counts() {
  const [r] = await rows<{ trips: number; passengers: number; monthly: number; totals: number; company: number }>(
    t.ctx.db,
    sql`select (select count(*)::int from trips) as trips, (select count(*)::int from trip_passengers) as passengers,
      (select count(*)::int from employee_monthly_stats) as monthly, (select count(*)::int from employee_trip_totals) as totals,
      (select coalesce(sum(trips), 0)::int from company_monthly_stats) as company`,
  );
  return r!;
}

describe('POST /api/trips', () => {
  it('records a trip with its passengers and rolls it up for the driver, each passenger and the company', async () => {
    const startedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const res = await postTrip(t.app, w.dan.token, { clientTripId: 'phone-1', startedAt, distanceMiles: 12.345, passengerIds: [w.pat.id, w.sue.id] });
    expect(res.statusCode).toBe(201);
    const body = json<{ success: true; message: string; created: boolean; trip: unknown }>(res);
    expect(body).toMatchObject({ success: true, message: MESSAGES.trips.recorded, created: true });
    const trip = tripSchema.parse(body.trip);
    expect(trip).toMatchObject({ clientTripId: 'phone-1', driverId: w.dan.id, distanceMiles: 12.35, startedAt, journeyGroupId: null });
    expect(trip.passengerIds).toEqual([w.pat.id, w.sue.id].sort());

    const stats = await rows<{ employee_id: string; trips_as_driver: number; trips_as_passenger: number; total_hundredths: string | number }>(
      t.ctx.db,
      sql`select employee_id, trips_as_driver, trips_as_passenger, total_hundredths from employee_monthly_stats order by employee_id`,
    );
    expect(stats).toHaveLength(3);
    const of = (id: string) => stats.find((s) => s.employee_id === id)!;
    expect(of(w.dan.id)).toMatchObject({ trips_as_driver: 1, trips_as_passenger: 0 });
    expect(Number(of(w.dan.id).total_hundredths)).toBe(1235);
    expect(of(w.pat.id)).toMatchObject({ trips_as_driver: 0, trips_as_passenger: 1 });
    const [company] = await rows<{ trips: number; distance_hundredths: string | number; passenger_hundredths: string | number; participants: number }>(
      t.ctx.db,
      sql`select trips, distance_hundredths, passenger_hundredths, participants from company_monthly_stats where company_id = ${w.acme}`,
    );
    expect(company).toMatchObject({ trips: 1, participants: 3 });
    expect(Number(company!.distance_hundredths)).toBe(1235);
    expect(Number(company!.passenger_hundredths)).toBe(2470);
  });

  it('is idempotent on (driver, clientTripId): a retry answers the same trip and counts once', async () => {
    const body = { clientTripId: 'retry-me', passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 600_000).toISOString(), distanceMiles: 8 };
    const first = await postTrip(t.app, w.dan.token, body);
    const again = await postTrip(t.app, w.dan.token, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(json(again)).toMatchObject({ created: false, message: MESSAGES.trips.alreadyRecorded });
    expect(json<{ trip: { id: string } }>(again).trip.id).toBe(json<{ trip: { id: string } }>(first).trip.id);
    expect(await counts()).toEqual({ trips: 1, passengers: 1, monthly: 2, totals: 2, company: 1 });
  });

  it('counts a trip once when its retries race each other', async () => {
    const body = { clientTripId: 'race', passengerIds: [w.pat.id, w.sue.id], startedAt: new Date(Date.now() - 600_000).toISOString(), distanceMiles: 5 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postTrip(t.app, w.dan.token, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((a) => json<{ created: boolean }>(a).created)).toHaveLength(1);
    expect(await counts()).toEqual({ trips: 1, passengers: 2, monthly: 3, totals: 3, company: 1 });
  });

  it('counts each trip once when many drivers post at once, each trip twice, and folds the company share of every one', async () => {
    const db = t.ctx.db;
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await makeEmployee(db, w.acme, `Cara${i}`, 'Carpool', { car: true }));
    const drivers = [w.dan, w.sue, ...more];
    // The drivers share one office: its row of each month takes every trip's share too.
    await officeWith(w.acme, 'Leeds', drivers.map((d) => d.id));
    const startedAt = new Date(Date.now() - 600_000).toISOString();
    const bodies = drivers.flatMap((d, i) => [0, 1].map((k) => ({ token: d.token, body: { clientTripId: `many-${k}`, passengerIds: [w.pat.id], startedAt: new Date(Date.parse(startedAt) - k * 3 * 3_600_000 - i * 60_000).toISOString(), distanceMiles: 4 + i } })));
    // Every trip posted twice at once (a phone retrying before its first answer), all of them together.
    const answers = await Promise.all([...bodies, ...bodies].map(({ token, body }) => postTrip(t.app, token, body)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => json<{ created: boolean }>(a).created)).toHaveLength(bodies.length);
    const [r] = await rows<{ trips: number; rolled: number; deltas: number }>(
      db,
      sql`select (select count(*)::int from trips where status = 'counted') as trips,
        (select coalesce(sum(trips), 0)::int from company_monthly_stats) as rolled,
        (select count(*)::int from company_monthly_stat_deltas) as deltas`,
    );
    // Pat rode on trips at the same time as each other: those are flagged, out of the figures.
    expect(r).toMatchObject({ deltas: 0 });
    expect(r!.rolled).toBe(r!.trips);
    // No office delta left either: every trip's office share folded with its company share.
    expect(await officeFigures(w.acme)).toEqual({ trips: r!.trips, deltas: 0, pending: 0 });
    const before = await rows(db, sql`select * from company_monthly_stats order by month`);
    await rebuildRollups(db, w.acme);
    expect(JSON.parse(JSON.stringify(await rows(db, sql`select * from company_monthly_stats order by month`)))).toEqual(JSON.parse(JSON.stringify(before)));
    // The rebuild empties the office rows and deltas, and the rebuilt rows' shares wait as deltas.
    expect(await officeFigures(w.acme)).toMatchObject({ trips: 0, pending: r!.trips });
    await foldCompanyRollups(db, w.acme);
    expect(await officeFigures(w.acme)).toEqual({ trips: r!.trips, deltas: 0, pending: 0 });
  });

  it('folds a company share left behind by an earlier recording (stopped after its commit) with the next trip', async () => {
    const db = t.ctx.db;
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    await db.execute(sql`insert into company_monthly_stat_deltas (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, ${month}::date, 1, 500, 500, 0)`);
    const office = await officeWith(w.acme, 'Leeds', [w.dan.id]);
    await db.execute(sql`insert into office_monthly_stat_deltas (company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, ${month}::date, ${office}, 1, 500, 0, 1)`);
    const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 600_000).toISOString(), distanceMiles: 2 });
    expect(res.statusCode).toBe(201);
    const [c] = await rows<{ trips: number; distance_hundredths: string | number }>(db, sql`select trips, distance_hundredths from company_monthly_stats where company_id = ${w.acme}`);
    expect(c!.trips).toBe(2);
    expect(Number(c!.distance_hundredths)).toBe(700);
    expect(await rows(db, sql`select 1 from company_monthly_stat_deltas`)).toHaveLength(0);
    expect(await officeFigures(w.acme)).toEqual({ trips: 2, deltas: 0, pending: 0 });
  });

  it("writes the company's row with the trip's, taking a share left behind with it, when nobody on the trip has an office", async () => {
    const db = t.ctx.db;
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    await db.execute(sql`insert into company_monthly_stat_deltas (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, ${month}::date, 1, 500, 500, 0)`);
    const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 600_000).toISOString(), distanceMiles: 2 });
    expect(res.statusCode).toBe(201);
    const [c] = await rows<{ trips: number; distance_hundredths: string | number; participants: number }>(
      db,
      sql`select trips, distance_hundredths, participants from company_monthly_stats where company_id = ${w.acme} and month = ${month}::date`,
    );
    expect({ ...c, distance_hundredths: Number(c!.distance_hundredths) }).toEqual({ trips: 2, distance_hundredths: 700, participants: 2 });
    expect(await rows(db, sql`select 1 from company_monthly_stat_deltas`)).toHaveLength(0);
  });

  // Two connections: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    "records two trips of one office's drivers in two open transactions without either waiting for the other (migration 0044)",
    async () => {
      const db = t.ctx.db;
      const office = await officeWith(w.acme, 'Leeds', [w.dan.id, w.sue.id]);
      const trip = (driverId: string) =>
        rollUpCtes(w.acme, { driverId, startedAt: new Date(Date.now() - 600_000), hundredths: 300, passengerIds: [], passengerCount: 0, journeyGroupId: null }, true);
      let wrote!: () => void;
      let release!: () => void;
      const aWrote = new Promise<void>((r) => (wrote = r));
      const aMayCommit = new Promise<void>((r) => (release = r));
      const a = db.transaction(async (tx) => {
        await tx.execute(sql`with ${trip(w.dan.id)} select (select count(*) from co) as done`);
        wrote();
        await aMayCommit;
      });
      try {
        await aWrote;
        // A holds every lock its roll-ups took; B's roll-up statement must not wait for A's commit.
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '3s'`);
          await tx.execute(sql`with ${trip(w.sue.id)} select (select count(*) from co) as done`);
        });
      } finally {
        release();
        await a;
      }
      expect(await officeFigures(w.acme)).toMatchObject({ trips: 0, pending: 2 });
      await foldCompanyRollups(db, w.acme);
      expect(await officeFigures(w.acme)).toEqual({ trips: 2, deltas: 0, pending: 0 });
      const [o] = await rows<{ trips: number }>(db, sql`select trips from office_monthly_stats where office_id = ${office}`);
      expect(o!.trips).toBe(2);
    },
  );

  it('appends office shares for the people in an office only, for new rows and changed ones, and none when nobody has one (migration 0050)', async () => {
    const db = t.ctx.db;
    const office = await officeWith(w.acme, 'York', [w.dan.id]);
    const roll = (driverId: string, passengerIds: string[]) =>
      db.execute(sql`with ${rollUpCtes(w.acme, { driverId, startedAt: new Date(Date.now() - 600_000), hundredths: 300, passengerIds, passengerCount: passengerIds.length, journeyGroupId: null }, true)}
        select (select count(*) from co) as done`);
    const deltas = () =>
      rows<{ office_id: string; trips: number; dh: number; ph: number; participants: number }>(
        db,
        sql`select office_id, trips, distance_hundredths::int as dh, passenger_hundredths::int as ph, participants from office_monthly_stat_deltas order by id`,
      );
    // Sue and Pat have no office: their rows' insert, then their update, append nothing.
    await roll(w.sue.id, [w.pat.id]);
    await roll(w.sue.id, [w.pat.id]);
    expect(await deltas()).toEqual([]);
    // Dan in York with Pat: Dan's share alone, as a new row (a participant), then as a change of it.
    await roll(w.dan.id, [w.pat.id]);
    await roll(w.dan.id, [w.pat.id]);
    expect(await deltas()).toEqual([
      { office_id: office, trips: 1, dh: 300, ph: 0, participants: 1 },
      { office_id: office, trips: 1, dh: 300, ph: 0, participants: 0 },
    ]);
    // Pat as a driver of York's Dan, and Dan's row deleted: a passenger's share, then the row's whole share out.
    await roll(w.pat.id, [w.dan.id]);
    await db.execute(sql`delete from employee_monthly_stats where employee_id = ${w.dan.id}`);
    expect((await deltas()).slice(2)).toEqual([
      { office_id: office, trips: 0, dh: 0, ph: 300, participants: 0 },
      { office_id: office, trips: -2, dh: -600, ph: -300, participants: -1 },
    ]);
    await foldCompanyRollups(db, w.acme);
    expect(await officeFigures(w.acme)).toEqual({ trips: 0, deltas: 0, pending: 0 });
  });

  // Two connections: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    "waits for an office given meanwhile to a person without one, and puts the person's new row in it (migration 0050)",
    async () => {
      const db = t.ctx.db;
      const [o] = await db.insert(locations).values({ companyId: w.acme, addressLine1: '1 Hull Road', town: 'Hull', postalCode: 'HU1 1AA' }).returning();
      let moved!: () => void;
      let release!: () => void;
      const patMoved = new Promise<void>((r) => (moved = r));
      const mayCommit = new Promise<void>((r) => (release = r));
      // Pat gets an office in a transaction still open while Pat's first row of the month is written.
      const move = db.transaction(async (tx) => {
        await tx.execute(sql`update users set office_id = ${o!.id} where id = ${w.pat.id}`);
        moved();
        await mayCommit;
      });
      await patMoved;
      const month = `${new Date().toISOString().slice(0, 7)}-01`;
      const write = db.execute(sql`insert into employee_monthly_stats (company_id, month, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
        values (${w.acme}, ${month}::date, ${w.pat.id}, 0, 1, 0, 400)`);
      await new Promise((r) => setTimeout(r, 300));
      release();
      await move;
      await write;
      await foldCompanyRollups(db, w.acme);
      const [r] = await rows<{ trips: number; ph: number; participants: number }>(
        db,
        sql`select trips, passenger_hundredths::int as ph, participants from office_monthly_stats where office_id = ${o!.id}`,
      );
      expect(r).toEqual({ trips: 0, ph: 400, participants: 1 });
    },
  );

  it("moves the company's insights version at the commit of a trip's writes, once, and not for a rolled-back one (migration 0041)", async () => {
    const db = t.ctx.db;
    const version = async (on: Parameters<typeof rows>[0]) =>
      Number((await rows<{ v: string }>(on, sql`select coalesce(max(version), 0)::text as v from insight_versions where company_id = ${w.acme}`))[0]!.v);
    const drawn = async () => Number((await rows<{ v: string }>(db, sql`select last_value::text as v from insight_version_seq`))[0]!.v);
    const startedAt = new Date(Date.now() - 600_000).toISOString();
    const first = await postTrip(t.app, w.dan.token, { clientTripId: 'v-1', passengerIds: [w.pat.id, w.sue.id], startedAt, distanceMiles: 3 });
    expect(first.statusCode).toBe(201);
    const before = await version(db);
    expect(before).toBeGreaterThan(0);
    // The writes a trip makes, several rows of several tables in one transaction: the version moves at
    // its commit (not before, so no other trip waits on the company's row meanwhile), by one value.
    const drawnBefore = await drawn();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update employee_monthly_stats set trips_as_driver = trips_as_driver where company_id = ${w.acme}`);
      await tx.execute(sql`update employee_trip_totals set trips_as_driver = trips_as_driver where company_id = ${w.acme}`);
      await tx.execute(sql`update trips set flags = flags where company_id = ${w.acme}`);
      expect(await version(tx)).toBe(before);
    });
    expect(await version(db)).toBeGreaterThan(before);
    expect(await drawn()).toBe(drawnBefore + 1);
    const committed = await version(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update employee_trip_totals set trips_as_driver = trips_as_driver where company_id = ${w.acme}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version(db)).toBe(committed);
    // And a recorded trip moves it, once: its company's row is written in its transaction (migration 0053).
    const drawnBeforeTrip = await drawn();
    const second = await postTrip(t.app, w.sue.token, { clientTripId: 'v-2', passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 4 * 3_600_000).toISOString(), distanceMiles: 3 });
    expect(second.statusCode).toBe(201);
    expect(await version(db)).toBeGreaterThan(committed);
    expect(await drawn()).toBe(drawnBeforeTrip + 1);
  });

  it('answers 409 when a trip id is reused for a different trip', async () => {
    const startedAt = new Date(Date.now() - 600_000).toISOString();
    await postTrip(t.app, w.dan.token, { clientTripId: 'same-id', passengerIds: [w.pat.id], startedAt, distanceMiles: 8 });
    const other = await postTrip(t.app, w.dan.token, { clientTripId: 'same-id', passengerIds: [w.pat.id], startedAt, distanceMiles: 9 });
    expect(other.statusCode).toBe(409);
    expect(err(other)).toMatchObject({ success: false, message: MESSAGES.trips.keyReused });
    // Another driver may use the same id of their own.
    const sues = await postTrip(t.app, w.sue.token, { clientTripId: 'same-id', passengerIds: [w.pat.id], startedAt, distanceMiles: 9 });
    expect(sues.statusCode).toBe(201);
  });

  it('refuses every bad trip with a message and writes nothing', async () => {
    const hour = 3_600_000;
    const cases: [string, Parameters<typeof postTrip>[2], string][] = [
      ['foreign passenger', { passengerIds: [w.gil.id] }, MESSAGES.trips.passengerInvalid],
      ['inactive passenger', { passengerIds: [w.inactive] }, MESSAGES.trips.passengerInvalid],
      ['pending passenger', { passengerIds: [w.pending.id] }, MESSAGES.trips.passengerInvalid],
      ['unknown passenger', { passengerIds: ['7d4f6a8e-2b1c-4d3e-9f0a-1b2c3d4e5f60'] }, MESSAGES.trips.passengerInvalid],
      ['the driver as passenger', { passengerIds: [w.pat.id, w.dan.id] }, MESSAGES.trips.passengerIsDriver],
      ['a passenger twice', { passengerIds: [w.pat.id, w.pat.id] }, MESSAGES.trips.passengerDuplicate],
      ['no passenger', { passengerIds: [] }, MESSAGES.trips.passengersRequired],
      ['nine passengers', { passengerIds: Array.from({ length: 9 }, (_, i) => `7d4f6a8e-2b1c-4d3e-9f0a-1b2c3d4e5f6${i}`) }, MESSAGES.trips.passengersMax],
      ['negative distance', { passengerIds: [w.pat.id], distanceMiles: -3 }, MESSAGES.trips.distanceInvalid],
      ['zero distance', { passengerIds: [w.pat.id], distanceMiles: 0 }, MESSAGES.trips.distanceInvalid],
      ['under a hundredth', { passengerIds: [w.pat.id], distanceMiles: 0.004 }, MESSAGES.trips.distanceInvalid],
      ['huge distance', { passengerIds: [w.pat.id], distanceMiles: 500.01 }, MESSAGES.trips.distanceInvalid],
      ['future date', { passengerIds: [w.pat.id], startedAt: new Date(Date.now() + hour).toISOString() }, MESSAGES.trips.inFuture],
      ['91 days old', { passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 91 * 24 * hour).toISOString() }, MESSAGES.trips.tooOld],
      ['not a date', { passengerIds: [w.pat.id], startedAt: 'yesterday' }, MESSAGES.trips.startedAtInvalid],
      ['no time zone', { passengerIds: [w.pat.id], startedAt: '2026-01-01T10:00:00' }, MESSAGES.trips.startedAtInvalid],
      ['empty trip id', { passengerIds: [w.pat.id], clientTripId: '  ' }, MESSAGES.trips.clientTripIdInvalid],
      ['another company\'s group', { passengerIds: [w.pat.id], journeyGroupId: '7d4f6a8e-2b1c-4d3e-9f0a-1b2c3d4e5f60' }, MESSAGES.journeyGroups.notFound],
    ];
    for (const [label, body, message] of cases) {
      const res = await postTrip(t.app, w.dan.token, body);
      expect(res.statusCode, label).toBe(400);
      expect(err(res).message, label).toBe(message);
    }
    expect(await counts()).toEqual({ trips: 0, passengers: 0, monthly: 0, totals: 0, company: 0 });
  });

  it('takes numbers as JSON numbers only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trips',
      headers: { authorization: `Bearer ${w.dan.token}` },
      payload: { clientTripId: 'x', startedAt: new Date().toISOString(), distanceMiles: '10', passengerIds: [w.pat.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(err(res).errors).toContainEqual({ field: 'distanceMiles', message: MESSAGES.trips.distanceInvalid });
  });

  it('accepts a start a little ahead of the server clock and a trip 89 days old', async () => {
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: new Date(Date.now() + 60_000).toISOString() })).statusCode).toBe(201);
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 89 * 86_400_000).toISOString() })).statusCode).toBe(201);
  });

  it('keeps the same roll-ups trip by trip as a rebuild from the trips computes', async () => {
    const db = t.ctx.db;
    const [group] = await rows<{ id: string }>(db, sql`insert into journey_groups (company_id, name, name_key) values (${w.acme}, 'North', 'north') returning id`);
    const lastMonth = new Date(Date.now() - 35 * 86_400_000);
    const posted = [
      await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id, w.sue.id], distanceMiles: 12.5, journeyGroupId: group!.id, startedAt: lastMonth.toISOString() }),
      await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 3.25 }),
      await postTrip(t.app, w.sue.token, { passengerIds: [w.dan.id], distanceMiles: 7, journeyGroupId: group!.id, startedAt: new Date(lastMonth.getTime() + 7_200_000).toISOString() }),
    ];
    expect(posted.map((p) => json<{ trip: { review: string } }>(p).trip.review)).toEqual(['counted', 'counted', 'counted']);
    const snapshot = async () => {
      const read = (table: string, order: string) => rows(db, sql`select * from ${sql.identifier(table)} order by ${sql.raw(order)}`);
      return {
        employees: await read('employee_monthly_stats', 'month, employee_id'),
        totals: await read('employee_trip_totals', 'employee_id'),
        groups: await read('journey_group_monthly_stats', 'month, group_id'),
        company: await read('company_monthly_stats', 'month'),
      };
    };
    const incremental = await snapshot();
    expect(incremental.company).toHaveLength(2);
    await rebuildRollups(db, w.acme);
    expect(JSON.parse(JSON.stringify(await snapshot()))).toEqual(JSON.parse(JSON.stringify(incremental)));
  });

  it('is for approved employees only', async () => {
    const pending = await postTrip(t.app, w.pending.token, { passengerIds: [w.pat.id] });
    expect(pending.statusCode).toBe(403);
    expect(err(pending).message).toBe(MESSAGES.trips.notApproved);
    expect((await postTrip(t.app, w.employer, { passengerIds: [w.pat.id] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/trips', payload: {} })).statusCode).toBe(401);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 06:00 UTC `daysAgo` days ago, plus `minutes`: a quiet day of the past, well inside the 90 days. */
const dayAt = (daysAgo: number, minutes = 0) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY + 6 * HOUR + minutes * 60_000).toISOString();
const review = (res: Res) => json<{ trip: { review: string; flagReasons: string[] } }>(res).trip;

describe('who records a trip as its driver', () => {
  it('is a verified driver with a verified vehicle: anyone else gets a 403 naming the reason, and nothing is written', async () => {
    const cases: [string, string, string][] = [
      ['no vehicle', w.pat.token, MESSAGES.trips.noVehicle],
      ['licence awaiting verification', w.unverified.licencePending.token, MESSAGES.trips.driverPending],
      ['rejected driver', w.unverified.rejected.token, MESSAGES.trips.driverRejected],
      ['vehicle awaiting verification', w.unverified.vehiclePending.token, MESSAGES.trips.vehiclePending],
    ];
    for (const [label, token, message] of cases) {
      const res = await postTrip(t.app, token, { passengerIds: [w.sue.id] });
      expect(res.statusCode, label).toBe(403);
      expect(err(res), label).toMatchObject({ success: false, message });
    }
    expect(await counts()).toEqual({ trips: 0, passengers: 0, monthly: 0, totals: 0, company: 0 });
  });

  it('is an active employee: a deactivated one is signed out (401), and one deactivated during the call is refused (403)', async () => {
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${w.dan.id}/deactivate`,
      headers: { authorization: `Bearer ${w.employer}` },
      payload: { reason: 'Left the company' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id] })).statusCode).toBe(401);
    // The session was checked before the deactivation committed: the trip's own check refuses it.
    const [sue] = await rows<{ email: string; name: string }>(t.ctx.db, sql`update users set is_active = false where id = ${w.sue.id} returning email, name`);
    const auth: AuthUser = { sessionId: 'checked-before', userId: w.sue.id, role: 'Employee', email: sue!.email, name: sue!.name, companyId: w.acme, employerUserId: null, signUpState: 0, via: 'bearer' };
    const body = { clientTripId: 'late', startedAt: dayAt(1), distanceMiles: 5, passengerIds: [w.pat.id] };
    await expect(recordTrip(t.ctx, auth, body)).rejects.toMatchObject({ status: 403, message: MESSAGES.trips.inactive });
    expect(await counts()).toEqual({ trips: 0, passengers: 0, monthly: 0, totals: 0, company: 0 });
  });

  it('refuses a trip without passengers, or with more than the contract allows, recorded without HTTP: 400 as the body schema says', async () => {
    const auth: AuthUser = { sessionId: 'no-http', userId: w.dan.id, role: 'Employee', email: 'dan@acme.test', name: 'Dan', companyId: w.acme, employerUserId: null, signUpState: 0, via: 'bearer' };
    const nine = Array.from({ length: TRIP_RULES.maxPassengers + 1 }, (_, i) => `7d4f6a8e-2b1c-4d3e-9f0a-1b2c3d4e5f6${i}`);
    for (const [passengerIds, message] of [[[], MESSAGES.trips.passengersRequired], [nine, MESSAGES.trips.passengersMax]] as const) {
      // In a batch with a good trip of another driver: the bad one is refused before it is queued, the other is recorded.
      const [bad, good] = await Promise.allSettled([
        recordTrip(t.ctx, auth, { clientTripId: `none-${passengerIds.length}`, startedAt: dayAt(1), distanceMiles: 5, passengerIds: [...passengerIds] }),
        recordTrip(t.ctx, { ...auth, userId: w.sue.id }, { clientTripId: `some-${passengerIds.length}`, startedAt: dayAt(1 + passengerIds.length), distanceMiles: 5, passengerIds: [w.pat.id] }),
      ]);
      expect(bad).toMatchObject({ status: 'rejected', reason: { status: 400, message, errors: [{ field: 'passengerIds', message }] } });
      expect(good).toMatchObject({ status: 'fulfilled', value: { created: true } });
    }
    expect(await counts()).toMatchObject({ trips: 2 });
  });

  it('takes passengers who are active employees of the same company only', async () => {
    for (const passenger of [w.gil.id, w.inactive]) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [passenger] });
      expect(res.statusCode).toBe(400);
      expect(err(res).errors).toEqual([{ field: 'passengerIds.0', message: MESSAGES.trips.passengerInvalid }]);
    }
    expect(await counts()).toMatchObject({ trips: 0 });
  });
});

describe('when a trip started', () => {
  it('is a real instant: impossible dates and times are refused (400) as the contract says, not rolled over', async () => {
    const year = new Date().getUTCFullYear();
    // A year whose 29 February is more than 90 days old: a real date, so it is judged by its age.
    const leap = [year - 1, year - 2, year - 3, year - 4].find((y) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))!;
    const notLeap = [year - 1, year - 2, year - 3].find((y) => !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)))!;
    const impossible = [
      `${year}-09-31T10:00:00Z`,
      `${notLeap}-02-29T10:00:00Z`,
      `${year}-04-31T08:00:00+01:00`,
      `${year}-01-01T24:00:00Z`,
      `${year}-06-30T23:59:60Z`,
      `${year}-01-01T10:60:00Z`,
      `${year}-13-01T10:00:00Z`,
      `${year}-00-10T10:00:00Z`,
      `${year}-01-00T10:00:00Z`,
      `${year}-01-01T10:00:00+14:30`,
      `${year}-01-01T10:00:00-12:30`,
      `${year}-01-01T10:00:00+01:60`,
    ];
    for (const startedAt of impossible) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt });
      expect(res.statusCode, startedAt).toBe(400);
      expect(err(res).errors, startedAt).toEqual([{ field: 'startedAt', message: MESSAGES.trips.startedAtInvalid }]);
    }
    const leapDay = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: `${leap}-02-29T10:00:00Z` });
    expect(err(leapDay).message).toBe(MESSAGES.trips.tooOld);
    expect(await counts()).toMatchObject({ trips: 0 });
  });

  it('reads offsets, fractions and the last minute of a day as the instants they name', async () => {
    const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      [`${day}T23:59:59.999999999+14:00`, new Date(Date.parse(`${day}T23:59:59.999Z`) - 14 * HOUR).toISOString()],
      [`${day}T01:30-12:00`, new Date(Date.parse(`${day}T01:30:00Z`) + 12 * HOUR).toISOString()],
    ];
    for (const [i, [startedAt, instant]] of cases.entries()) {
      const res = await postTrip(t.app, w.dan.token, { clientTripId: `offset-${i}`, passengerIds: [w.pat.id], startedAt, distanceMiles: 2 });
      expect(res.statusCode, res.body).toBe(201);
      expect(json<{ trip: { startedAt: string } }>(res).trip.startedAt).toBe(instant);
    }
  });

  it('is not more than 5 minutes ahead of the server clock, however far', async () => {
    for (const startedAt of [new Date(Date.now() + TRIP_RULES.clockSkewMs + 60_000).toISOString(), '2100-12-31T23:59:59Z']) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt });
      expect(res.statusCode, startedAt).toBe(400);
      expect(err(res).message, startedAt).toBe(MESSAGES.trips.inFuture);
    }
    // Past the one range of dates every date the api takes lies in (docs/api.md, "Dates"): that range's message.
    for (const startedAt of ['2999-12-31T23:59:59Z', '9999-01-01T00:00:00Z']) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt });
      expect(res.statusCode, startedAt).toBe(400);
      expect(err(res).message, startedAt).toBe(MESSAGES.input.dateOutOfRange);
    }
    expect(await counts()).toMatchObject({ trips: 0 });
  });
});

describe('trips that cannot both have happened', () => {
  it('refuses a trip of the driver starting before their previous one could have ended at 70 mph (409), and takes the next one after', async () => {
    // 20 miles take at least 17 min 8 s at 70 mph.
    expect(minTripMs(2000)).toBe(1_028_571);
    const first = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: dayAt(2, 60), distanceMiles: 20 });
    expect(first.statusCode, first.body).toBe(201);
    for (const [label, startedAt, miles] of [
      ['10 minutes later', dayAt(2, 70), 5],
      ['17 minutes later', dayAt(2, 77), 5],
      ['started before it and still going', dayAt(2, 55), 10],
      ['at the same moment', dayAt(2, 60), 20],
    ] as const) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.sue.id], startedAt, distanceMiles: miles });
      expect(res.statusCode, label).toBe(409);
      expect(err(res), label).toMatchObject({ success: false, message: MESSAGES.trips.overlap });
    }
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.sue.id], startedAt: dayAt(2, 78), distanceMiles: 5 })).statusCode).toBe(201);
    // 5 miles before it, ending 4 min 17 s later: done before the first began.
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.sue.id], startedAt: dayAt(2, 55), distanceMiles: 5 })).statusCode).toBe(201);
    expect(await counts()).toMatchObject({ trips: 3 });
  });

  it('lands one of several overlapping trips posted at once, and refuses the others', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postTrip(t.app, w.dan.token, { clientTripId: `at-once-${i}`, passengerIds: [w.pat.id], startedAt: dayAt(3, i), distanceMiles: 30 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await counts()).toEqual({ trips: 1, passengers: 1, monthly: 2, totals: 2, company: 1 });
  });

  it('takes at most 6 trips of a driver in a UTC day (409 for the 7th)', async () => {
    for (let i = 0; i < TRIP_RULES.maxTripsPerDay; i++) {
      const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: dayAt(4, i * 60), distanceMiles: 4 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seventh = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: dayAt(4, 8 * 60), distanceMiles: 4 });
    expect(seventh.statusCode).toBe(409);
    expect(err(seventh).message).toBe(MESSAGES.trips.dayLimit);
    // The next UTC day starts afresh.
    expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], startedAt: dayAt(3), distanceMiles: 4 })).statusCode).toBe(201);
    expect(await counts()).toMatchObject({ trips: 7 });
  });

  it('takes at most 10 new trips of a driver a minute (429 with Retry-After), retries of recorded ones aside', async () => {
    const sent = [];
    for (let i = 0; i < TRIP_RULES.maxTripsPerMinute; i++) {
      // Two a day, apart: none overlaps, no day is full.
      sent.push(await postTrip(t.app, w.dan.token, { clientTripId: `burst-${i}`, passengerIds: [w.pat.id], startedAt: dayAt(10 - Math.floor(i / 2), (i % 2) * 600), distanceMiles: 6 }));
    }
    expect(sent.map((r) => r.statusCode)).toEqual(Array(TRIP_RULES.maxTripsPerMinute).fill(201));
    const over = await postTrip(t.app, w.dan.token, { clientTripId: 'burst-over', passengerIds: [w.pat.id], startedAt: dayAt(20), distanceMiles: 6 });
    expect(over.statusCode).toBe(429);
    expect(err(over).message).toBe(MESSAGES.trips.tooMany);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // A retry of a recorded trip still answers it.
    const retry = await postTrip(t.app, w.dan.token, { clientTripId: 'burst-0', passengerIds: [w.pat.id], startedAt: dayAt(10), distanceMiles: 6 });
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toMatchObject({ created: false });
    // Another driver has a minute of their own.
    expect((await postTrip(t.app, w.sue.token, { passengerIds: [w.pat.id], startedAt: dayAt(20), distanceMiles: 6 })).statusCode).toBe(201);
    expect(await counts()).toMatchObject({ trips: TRIP_RULES.maxTripsPerMinute + 1 });
  });

  it('answers a retry with the stored trip, never a conflict, whatever the rules would now say of it', async () => {
    const body = { clientTripId: 'kept', passengerIds: [w.pat.id], startedAt: new Date(Date.now() - 89 * DAY).toISOString(), distanceMiles: 12 };
    const first = await postTrip(t.app, w.dan.token, body);
    expect(first.statusCode).toBe(201);
    // It overlaps itself; the driver's vehicle has since gone back to pending; two days on it is 91 days old.
    await t.ctx.db.execute(sql`update vehicles set is_verified = false where user_id = ${w.dan.id}`);
    const again = await postTrip(t.app, w.dan.token, body);
    expect(again.statusCode).toBe(201);
    expect(json(again)).toMatchObject({ created: false, message: MESSAGES.trips.alreadyRecorded, trip: json<{ trip: object }>(first).trip });
    const [dan] = await rows<{ email: string; name: string }>(t.ctx.db, sql`select email, name from users where id = ${w.dan.id}`);
    const auth: AuthUser = { sessionId: 's', userId: w.dan.id, role: 'Employee', email: dan!.email, name: dan!.name, companyId: w.acme, employerUserId: null, signUpState: 0, via: 'bearer' };
    expect(await recordTrip(t.ctx, auth, body, Date.now() + 2 * DAY)).toMatchObject({ created: false, trip: { id: json<{ trip: { id: string } }>(first).trip.id } });
    expect(await counts()).toMatchObject({ trips: 1 });
  });

  it('answers the trip with where it stands: counted', async () => {
    const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id] });
    expect(json(res)).toMatchObject({ message: MESSAGES.trips.recorded });
    expect(review(res)).toMatchObject({ review: 'counted', flagReasons: [] });
  });
});

describe('trips posted together (group commit, decision 0064)', () => {
  /** Drivers with two riders each of their own, so that no two of their trips share a person. */
  async function carpools(n: number) {
    const db = t.ctx.db;
    const out = [];
    for (let i = 0; i < n; i++) {
      out.push({
        driver: await makeEmployee(db, w.acme, `Batch${i}`, 'Driver', { car: true }),
        riders: [(await makeEmployee(db, w.acme, `Batch${i}`, 'RiderA')).id, (await makeEmployee(db, w.acme, `Batch${i}`, 'RiderB')).id],
      });
    }
    return out;
  }

  /** The driver as a checked session names them, to post trips in one turn of the event loop (one batch). */
  async function authOf(id: string): Promise<AuthUser> {
    const [u] = await rows<{ email: string; name: string; company_id: string | null }>(t.ctx.db, sql`select email, name, company_id from users where id = ${id}`);
    return { sessionId: 's', userId: id, role: 'Employee', email: u!.email, name: u!.name, companyId: u!.company_id, employerUserId: null, signUpState: 0, via: 'bearer' };
  }

  const snapshot = async () => {
    const read = (table: string, order: string) => rows(t.ctx.db, sql`select * from ${sql.identifier(table)} order by ${sql.raw(order)}`);
    return JSON.parse(
      JSON.stringify({
        employees: await read('employee_monthly_stats', 'month, employee_id'),
        totals: await read('employee_trip_totals', 'employee_id'),
        groups: await read('journey_group_monthly_stats', 'month, group_id'),
        company: await read('company_monthly_stats', 'month'),
      }),
    ) as unknown;
  };

  it('records the trips of many drivers posted at once in few transactions, each once, with roll-ups equal to a recount', async () => {
    const db = t.ctx.db;
    const pools = await carpools(8);
    const [group] = await rows<{ id: string }>(db, sql`insert into journey_groups (company_id, name, name_key) values (${w.acme}, 'East', 'east') returning id`);
    const lastMonth = new Date(Date.now() - 35 * DAY);
    // Each driver two trips (one last month, in the journey group, one this month), all posted at once.
    const posts = pools.flatMap((p, i) => [
      { token: p.driver.token, body: { clientTripId: `together-a-${i}`, passengerIds: p.riders, distanceMiles: 3 + i, journeyGroupId: group!.id, startedAt: new Date(lastMonth.getTime() + i * 60_000).toISOString() } },
      { token: p.driver.token, body: { clientTripId: `together-b-${i}`, passengerIds: [p.riders[0]!], distanceMiles: 2.5 + i, startedAt: dayAt(2, i) } },
    ]);
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction');
    try {
      const answers = await Promise.all(posts.map(({ token, body }) => postTrip(t.app, token, body)));
      expect(answers.map((a) => a.statusCode)).toEqual(posts.map(() => 201));
      expect(answers.every((a) => json<{ created: boolean; trip: { review: string } }>(a).created && review(a).review === 'counted')).toBe(true);
      expect(new Set(answers.map((a) => json<{ trip: { id: string } }>(a).trip.id)).size).toBe(posts.length);
      // Trips of distinct people share a transaction (a driver's second trip waits for the next batch).
      expect(transactions.mock.calls.length).toBeLessThan(posts.length);
    } finally {
      transactions.mockRestore();
    }
    expect(await counts()).toEqual({ trips: 16, passengers: 24, monthly: 8 * 2 + 8 * 2 + 8, totals: 24, company: 16 });
    const [deltas] = await rows<{ n: number }>(db, sql`select count(*)::int as n from company_monthly_stat_deltas`);
    expect(deltas!.n).toBe(0);
    const incremental = await snapshot();
    await rebuildRollups(db, w.acme);
    expect(await snapshot()).toEqual(incremental);
  });

  it("keeps the company's rows exact when batches of one company write them at the same time", async () => {
    const db = t.ctx.db;
    const drivers = await Promise.all(Array.from({ length: 12 }, (_, i) => makeEmployee(db, w.acme, `Same${i}`, 'Company', { car: true })));
    const riders = await Promise.all(Array.from({ length: 4 }, (_, i) => makeEmployee(db, w.acme, `Rider${i}`, 'Shared')));
    const auths = await Promise.all(drivers.map((d) => authOf(d.id)));
    const lastMonth = Math.floor((Date.now() - 35 * DAY) / DAY) * DAY + 6 * HOUR;
    // Each driver a trip this month and one last month, a rider shared by three drivers each month: a
    // rider's row is new in the batch of their first trip and updated by the later ones, in other batches.
    const posts = drivers.flatMap((_, i) => [
      { i, body: { clientTripId: `same-now-${i}`, passengerIds: [riders[i % 4]!.id], distanceMiles: 2 + i, startedAt: dayAt(2, i * 30) } },
      { i, body: { clientTripId: `same-then-${i}`, passengerIds: [riders[(i + 1) % 4]!.id], distanceMiles: 4 + i, startedAt: new Date(lastMonth + i * 30 * 60_000).toISOString() } },
    ]);
    const record = pipeline.pipelinedTransaction;
    let open = 0;
    let mostOpen = 0;
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction').mockImplementation(async (d, fn) => {
      mostOpen = Math.max(mostOpen, ++open);
      try {
        return await record(d, fn);
      } finally {
        open--;
      }
    });
    let answers;
    try {
      // A trip a turn of the event loop: a batch starts while the one before it is being written.
      answers = await oneATurn(posts.length, (k) => recordTrip(t.ctx, auths[posts[k]!.i]!, posts[k]!.body));
      expect(transactions.mock.calls.length).toBeGreaterThan(2);
      // On PostgreSQL two batches were being written at once (PGlite, in the process, ends one first).
      if (process.env.DATABASE_URL) expect(mostOpen).toBe(2);
    } finally {
      transactions.mockRestore();
    }
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.trip.review : a.reason))).toEqual(posts.map(() => 'counted'));
    const company = await rows<{ trips: number; participants: number; distance_hundredths: string | number }>(
      db,
      sql`select trips, participants, distance_hundredths from company_monthly_stats where company_id = ${w.acme} order by month`,
    );
    // Each month: twelve trips of twelve drivers and four riders, every mile once.
    const miles = (from: number) => Array.from({ length: 12 }, (_, i) => (from + i) * 100).reduce((a, b) => a + b, 0);
    expect(company.map((c) => ({ ...c, distance_hundredths: Number(c.distance_hundredths) }))).toEqual([
      { trips: 12, participants: 16, distance_hundredths: miles(4) },
      { trips: 12, participants: 16, distance_hundredths: miles(2) },
    ]);
    expect(await rows(db, sql`select 1 from company_monthly_stat_deltas`)).toHaveLength(0);
    const incremental = await snapshot();
    await rebuildRollups(db, w.acme);
    expect(await snapshot()).toEqual(incremental);
  });

  it('keeps every office share when one person of a batch has an office, and when none has, after an office is given (migration 0056)', async () => {
    const db = t.ctx.db;
    const pools = await carpools(3);
    // One rider of the middle carpool in an office: the batch of all three trips must still append their share.
    const leeds = await officeWith(w.acme, 'Leeds', [pools[1]!.riders[1]!]);
    const offices = () =>
      rows<{ office_id: string; trips: number; dh: number; ph: number; participants: number }>(
        db,
        sql`select office_id, trips, distance_hundredths::int as dh, passenger_hundredths::int as ph, participants from office_monthly_stats order by office_id, month`,
      );
    const auths = await Promise.all(pools.map((p) => authOf(p.driver.id)));
    // Recorded in one turn of the event loop: one batch.
    const post = (k: string, at: number, which: number[]) =>
      Promise.all(which.map((i) => recordTrip(t.ctx, auths[i]!, { clientTripId: `${k}-${i}`, passengerIds: pools[i]!.riders, distanceMiles: 3 + i, startedAt: dayAt(at, i) })));
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction');
    try {
      const first = await post('office', 1, [0, 1, 2]);
      expect(first.map((a) => a.created)).toEqual([true, true, true]);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await offices()).toEqual([{ office_id: leeds, trips: 0, dh: 0, ph: 400, participants: 1 }]);
    // Nobody of these two carpools has an office: their batch appends nothing; an office given to a driver
    // afterwards takes his committed rows, both trips.
    const second = await post('none', 2, [0, 2]);
    expect(second.map((a) => a.created)).toEqual([true, true]);
    expect(await offices()).toEqual([{ office_id: leeds, trips: 0, dh: 0, ph: 400, participants: 1 }]);
    const york = await officeWith(w.acme, 'York', [pools[0]!.driver.id]);
    await foldCompanyRollups(db, w.acme);
    const byOffice = await offices();
    // The two trips are a day apart, so on the 2nd of a month they fall in two months: York's rows summed.
    const yorks = byOffice.filter((o) => o.office_id === york);
    const sum = (k: 'trips' | 'dh' | 'ph') => yorks.reduce((a, o) => a + Number(o[k]), 0);
    expect({ trips: sum('trips'), dh: sum('dh'), ph: sum('ph') }).toEqual({ trips: 2, dh: 600, ph: 0 });
    // The same rows as a rebuild from the trips.
    await rebuildRollups(db, w.acme);
    await foldCompanyRollups(db, w.acme);
    expect(await offices()).toEqual(byOffice);
  });

  it('answers a retry with the first trip, in the same batch and in a later one', async () => {
    const auth = await authOf(w.dan.id);
    const body = { clientTripId: 'twice-in-one', startedAt: dayAt(5), distanceMiles: 9, passengerIds: [w.pat.id] };
    // Posted in the same turn of the event loop: they would share a batch.
    const [a, b, c] = await Promise.all([recordTrip(t.ctx, auth, body), recordTrip(t.ctx, auth, body), recordTrip(t.ctx, auth, body)]);
    expect([a!.created, b!.created, c!.created].filter(Boolean)).toHaveLength(1);
    expect(new Set([a!.trip.id, b!.trip.id, c!.trip.id]).size).toBe(1);
    const later = await recordTrip(t.ctx, auth, body);
    expect(later).toEqual({ created: false, trip: a!.trip });
    // The same id for another trip in the same batch is a conflict, not a second trip.
    const [first, other] = await Promise.allSettled([
      recordTrip(t.ctx, auth, { ...body, clientTripId: 'reused-at-once', startedAt: dayAt(4) }),
      recordTrip(t.ctx, auth, { ...body, clientTripId: 'reused-at-once', startedAt: dayAt(4), distanceMiles: 11 }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(other).toMatchObject({ status: 'rejected', reason: { status: 409, message: MESSAGES.trips.keyReused } });
    expect(await counts()).toMatchObject({ trips: 2, company: 2 });
  });

  it('answers a retry posted while its first post is being recorded with that post, without a batch of its own', async () => {
    const auth = await authOf(w.dan.id);
    const body = { clientTripId: 'in-flight', startedAt: dayAt(3), distanceMiles: 9, passengerIds: [w.pat.id] };
    const turn = () => new Promise((r) => setImmediate(r));
    // A first post's batch is held until its retries have come.
    let gate = Promise.resolve();
    const hold = () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return open;
    };
    const real = pipeline.pipelinedTransaction;
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction').mockImplementation((async (...a: Parameters<typeof real>) => {
      await gate;
      return real(...a);
    }) as typeof real);
    try {
      let open = hold();
      const first = recordTrip(t.ctx, auth, body);
      await turn();
      expect(transactions).toHaveBeenCalledTimes(1);
      const settled: string[] = [];
      const retry = recordTrip(t.ctx, auth, body).finally(() => settled.push('retry'));
      const reused = recordTrip(t.ctx, auth, { ...body, distanceMiles: 11 }).finally(() => settled.push('reused'));
      open();
      const recorded = await first.finally(() => settled.push('first'));
      expect(recorded.created).toBe(true);
      expect(await retry).toEqual({ created: false, trip: recorded.trip });
      await expect(reused).rejects.toMatchObject({ status: 409, message: MESSAGES.trips.keyReused });
      // Answered with the first post, not after a batch of their own.
      expect(settled).toEqual(['first', 'retry', 'reused']);
      expect(transactions).toHaveBeenCalledTimes(1);
      // A first post refused answers nothing for its retry: the retry is judged on its own.
      const overlapping = { ...body, clientTripId: 'in-flight-overlap', startedAt: dayAt(3, 5) };
      open = hold();
      const refused = recordTrip(t.ctx, auth, overlapping);
      await turn();
      const refusedRetry = recordTrip(t.ctx, auth, overlapping);
      open();
      await expect(refused).rejects.toMatchObject({ status: 409, message: MESSAGES.trips.overlap });
      await expect(refusedRetry).rejects.toMatchObject({ status: 409, message: MESSAGES.trips.overlap });
      expect(transactions).toHaveBeenCalledTimes(3);
    } finally {
      transactions.mockRestore();
    }
    expect(await counts()).toMatchObject({ trips: 1, company: 1 });
  });

  // Two connections: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    "judges a batch's trip against a trip its people's lock waited for (the surroundings sent with the lock run after it)",
    async () => {
      const db = t.ctx.db;
      const auth = await authOf(w.dan.id);
      let committed!: () => void;
      const mayCommit = new Promise<void>((r) => (committed = r));
      let locked!: () => void;
      const holds = new Promise<void>((r) => (locked = r));
      // Another writer (another instance's batch) holds Dan's row and records his trip at 06:00.
      const other = db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${w.dan.id} for no key update`);
        await tx.execute(sql`insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, status, flags)
          values (${w.acme}, ${w.dan.id}, 'other-instance', ${dayAt(3)}, 1000, 1, 'flagged', '[]'::jsonb)`);
        locked();
        await mayCommit;
      });
      await Promise.race([holds, other]);
      // Dan's trip at 06:05 overlaps it: its batch waits for the lock, then must see the trip committed.
      const posted = recordTrip(t.ctx, auth, { clientTripId: 'after-the-lock', startedAt: dayAt(3, 5), distanceMiles: 5, passengerIds: [w.pat.id] });
      const outcome = posted.then(
        () => 'recorded',
        (e: { status?: number }) => e.status,
      );
      let waited = false;
      for (let i = 0; i < 250 && !waited; i++) {
        const [waiting] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        waited = waiting!.n > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 20));
      }
      committed();
      expect(waited).toBe(true);
      await other;
      expect(await outcome).toBe(409);
      await expect(posted).rejects.toMatchObject({ status: 409, message: MESSAGES.trips.overlap });
      const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from trips where driver_id = ${w.dan.id}`);
      expect(n!.n).toBe(1);
    },
  );

  it('refuses a bad trip of a batch alone, with its own 4xx, and records the others', async () => {
    const pools = await carpools(3);
    // Dan already drove then: his trip posted with the batch overlaps it.
    expect((await postTrip(t.app, w.dan.token, { clientTripId: 'earlier', passengerIds: [w.pat.id], startedAt: dayAt(6), distanceMiles: 30 })).statusCode).toBe(201);
    const auths = await Promise.all([pools[0]!.driver.id, w.dan.id, w.unverified.rejected.id, pools[1]!.driver.id, pools[2]!.driver.id, w.pending.id].map(authOf));
    const bodies = [
      { passengerIds: pools[0]!.riders, startedAt: dayAt(6) },
      { passengerIds: [w.sue.id], startedAt: dayAt(6, 10), distanceMiles: 5 },
      { passengerIds: [w.inactive], startedAt: dayAt(6) },
      { passengerIds: pools[1]!.riders, startedAt: new Date(Date.now() - 91 * DAY).toISOString() },
      { passengerIds: [pools[2]!.riders[0]!, w.gil.id], startedAt: dayAt(6) },
      { passengerIds: [pools[2]!.riders[1]!], startedAt: dayAt(6) },
    ];
    // All in one turn of the event loop: one batch.
    const answers = await Promise.allSettled(bodies.map((b, i) => recordTrip(t.ctx, auths[i]!, { clientTripId: `mixed-${i}`, distanceMiles: 10, ...b })));
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { created: true, trip: { review: 'counted' } } });
    expect(answers.slice(1).map((a) => (a.status === 'rejected' ? [(a.reason as { status: number }).status, (a.reason as Error).message] : a.status))).toEqual([
      [409, MESSAGES.trips.overlap],
      [403, MESSAGES.trips.driverRejected],
      [400, MESSAGES.trips.tooOld],
      [400, MESSAGES.trips.passengerInvalid],
      [403, MESSAGES.trips.notApproved],
    ]);
    expect(await counts()).toMatchObject({ trips: 2, passengers: 3, company: 2 });
  });

  it("judges each trip of a batch by its own company's usual trip and its driver's day, rejected trips in the count only", async () => {
    const db = t.ctx.db;
    const gus = await makeEmployee(db, w.globex, 'Gus', 'Globex', { car: true });
    const ria = await makeEmployee(db, w.acme, 'Ria', 'Rider');
    // Sue's 150 miles are flagged (no usual trip yet: 120 miles a day), then rejected by the employer.
    const long = await postTrip(t.app, w.sue.token, { clientTripId: 'long', passengerIds: [w.pat.id], startedAt: dayAt(1), distanceMiles: 150 });
    expect(review(long)).toMatchObject({ review: 'flagged', flagReasons: ['dayDistance'] });
    const rejected = await t.app.inject({ method: 'POST', url: `/api/trips/${json<{ trip: { id: string } }>(long).trip.id}/reject`, headers: { authorization: `Bearer ${w.employer}` } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // Four short trips later that day: with the rejected one, five of the day's six.
    for (let i = 0; i < 4; i++) {
      const res = await postTrip(t.app, w.sue.token, { clientTripId: `short-${i}`, passengerIds: [w.pat.id], startedAt: dayAt(1, (6 + i) * 60), distanceMiles: 5 });
      expect(review(res).review, res.body).toBe('counted');
    }
    // Acme's usual trip: 30 counted trips of 30 miles this month, part folded and part a pending delta,
    // so 180 miles a day. Globex has none: 120.
    await db.execute(sql`insert into company_monthly_stats (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, date_trunc('month', now())::date, 20, 60000, 60000, 2)
      on conflict (company_id, month) do update set trips = excluded.trips, distance_hundredths = excluded.distance_hundredths`);
    await db.execute(sql`insert into company_monthly_stat_deltas (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, date_trunc('month', now())::date, 10, 30000, 30000, 0)`);
    const posts = [
      // 150 miles: under Acme's 180, over Globex's 120.
      { id: w.dan.id, body: { clientTripId: 'acme-150', passengerIds: [w.pat.id], startedAt: dayAt(1), distanceMiles: 150 } },
      { id: gus.id, body: { clientTripId: 'globex-150', passengerIds: [w.gil.id], startedAt: dayAt(1), distanceMiles: 150 } },
      // Sue's day: 20 counted miles and the rejected 150, which is not in its miles: 120 with these 100.
      { id: w.sue.id, body: { clientTripId: 'sue-100', passengerIds: [ria.id], startedAt: dayAt(1, 4 * 60), distanceMiles: 100 } },
      // Her seventh trip of the day (the rejected one is in the count): it waits for the next batch and is refused.
      { id: w.sue.id, body: { clientTripId: 'sue-7th', passengerIds: [ria.id], startedAt: dayAt(1, 10 * 60), distanceMiles: 5 } },
    ];
    const auths = await Promise.all(posts.map((p) => authOf(p.id)));
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction');
    let answers: PromiseSettledResult<{ created: boolean; trip: { review: string; flagReasons?: string[] } }>[];
    try {
      // All in one turn of the event loop: the first three in one batch.
      answers = await Promise.allSettled(posts.map((p, i) => recordTrip(t.ctx, auths[i]!, p.body)));
      expect(transactions.mock.calls.length).toBe(2);
    } finally {
      transactions.mockRestore();
    }
    const outcome = answers.map((a) => (a.status === 'fulfilled' ? [a.value.trip.review, a.value.trip.flagReasons ?? []] : [(a.reason as { status: number }).status, (a.reason as Error).message]));
    expect(outcome).toEqual([
      ['counted', []],
      ['flagged', ['dayDistance']],
      ['counted', []],
      [409, MESSAGES.trips.dayLimit],
    ]);
  });

  it("moves each company's insights version once at a batch's commit, a company with flagged trips only too (migration 0054)", async () => {
    const db = t.ctx.db;
    const version = async (companyId: string) =>
      Number((await rows<{ v: string }>(db, sql`select coalesce(max(version), 0)::text as v from insight_versions where company_id = ${companyId}`))[0]!.v);
    const drawn = async () => Number((await rows<{ v: string }>(db, sql`select last_value::text as v from insight_version_seq`))[0]!.v);
    const pools = await carpools(2);
    const gus = await makeEmployee(db, w.globex, 'Gus', 'Globex', { car: true });
    const gwen = await makeEmployee(db, w.globex, 'Gwen', 'Globex', { car: true });
    // Gil already rides with Gus then: Gwen's trip with Gil, posted with the batch, is flagged.
    expect((await postTrip(t.app, gus.token, { clientTripId: 'gus-first', passengerIds: [w.gil.id], startedAt: dayAt(3), distanceMiles: 20 })).statusCode).toBe(201);
    const acmeBefore = await version(w.acme);
    const globexBefore = await version(w.globex);
    const drawnBefore = await drawn();
    const auths = await Promise.all([pools[0]!.driver.id, pools[1]!.driver.id, gwen.id].map(authOf));
    const bodies = [
      { passengerIds: pools[0]!.riders, startedAt: dayAt(3) },
      { passengerIds: pools[1]!.riders, startedAt: new Date(Date.now() - 35 * DAY).toISOString() },
      { passengerIds: [w.gil.id], startedAt: dayAt(3, 5) },
    ];
    const transactions = vi.spyOn(pipeline, 'pipelinedTransaction');
    let answers;
    try {
      // All in one turn of the event loop: one batch, one commit.
      answers = await Promise.all(bodies.map((b, i) => recordTrip(t.ctx, auths[i]!, { clientTripId: `bump-${i}`, distanceMiles: 10, ...b })));
      expect(transactions.mock.calls).toHaveLength(1);
    } finally {
      transactions.mockRestore();
    }
    expect(answers.map((a) => a.trip.review)).toEqual(['counted', 'counted', 'flagged']);
    // Acme's two counted trips (two months, four people's rows each) and Globex's flagged trip: each
    // company's version moved, by one value drawn for each company, at the one commit.
    expect(await version(w.acme)).toBeGreaterThan(acmeBefore);
    expect(await version(w.globex)).toBeGreaterThan(globexBefore);
    expect(await drawn()).toBe(drawnBefore + 2);
    // A later write of a roll-up row outside a batch still moves the version at its commit.
    const committed = await version(w.acme);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update employee_trip_totals set trips_as_driver = trips_as_driver where company_id = ${w.acme}`);
    });
    expect(await version(w.acme)).toBeGreaterThan(committed);
  });

  it('records the trips one by one when a statement of their batch fails, so that only the bad trip fails', async () => {
    const db = t.ctx.db;
    const pools = await carpools(3);
    // A trip the database refuses for a reason no rule knows (here a trigger): the batch's insert fails with it.
    await db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.client_trip_id = 'boom' then raise exception 'boom'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_boom before insert on trips for each row execute function refuse_boom()`);
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      const auths = await Promise.all(pools.map((p) => authOf(p.driver.id)));
      const answers = await Promise.allSettled(pools.map((p, i) => recordTrip(t.ctx, auths[i]!, { clientTripId: i === 1 ? 'boom' : `fine-${i}`, passengerIds: p.riders, startedAt: dayAt(7), distanceMiles: 8 })));
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(answers[1]).not.toMatchObject({ reason: { status: expect.any(Number) as number } });
      expect(warn.mock.calls.some(([, msg]) => msg === 'trip batch failed, recording its trips one by one')).toBe(true);
    } finally {
      warn.mockRestore();
      await db.execute(sql`drop trigger refuse_boom on trips`);
      await db.execute(sql`drop function refuse_boom()`);
    }
    expect(await counts()).toMatchObject({ trips: 2, passengers: 4, company: 2 });
    const incremental = await snapshot();
    await rebuildRollups(db, w.acme);
    expect(await snapshot()).toEqual(incremental);
  });
});
