import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, tripSchema } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { json, useTestApp, type Res } from '../../test-support';
import { makeCompany, makeEmployee, makeEmployer, postTrip } from '../insights/test-world';
import { rebuildRollups } from './rollups';

const t = useTestApp();

interface World {
  acme: string;
  globex: string;
  dan: { id: string; token: string }; // Acme driver
  pat: { id: string; token: string }; // Acme passenger
  sue: { id: string; token: string }; // Acme passenger
  gil: { id: string; token: string }; // Globex employee
  inactive: string;
  pending: { id: string; token: string };
  employer: string;
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
    sue: await makeEmployee(db, acme, 'Sue', 'Sharer'),
    gil: await makeEmployee(db, globex, 'Gil', 'Globex'),
    inactive: (await makeEmployee(db, acme, 'Ina', 'Inactive', { active: false })).id,
    pending: await makeEmployee(db, acme, 'Pen', 'Pending', { approved: false }),
    employer: (await makeEmployer(db, acme, 'boss@acme.test')).token,
  };
});

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
    const [group] = await rows<{ id: string }>(db, sql`insert into journey_groups (company_id, name) values (${w.acme}, 'North') returning id`);
    const lastMonth = new Date(Date.now() - 35 * 86_400_000).toISOString();
    await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id, w.sue.id], distanceMiles: 12.5, journeyGroupId: group!.id, startedAt: lastMonth });
    await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 3.25 });
    await postTrip(t.app, w.sue.token, { passengerIds: [w.dan.id], distanceMiles: 7, journeyGroupId: group!.id });
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
