import { inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  co2ReportSchema,
  dashboardSummarySchema,
  flaggedTripSchema,
  monthlyTrendSchema,
  pageOf,
  participationPageSchema,
  type FlaggedTrip,
} from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { locations, users } from '../../db/schema';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, makeEmployee, makeEmployer, monthFromNow, postTrip, thisMonthAt, tokenFor } from '../../test/trips-world';
import { rebuildRollups } from './rollups';
import { dayLimitHundredths } from './service';

const t = useTestApp();

type Person = { id: string; token: string };
interface World {
  acme: string;
  globex: string;
  boss: string;
  rival: string;
  admin: string;
  root: string;
  dan: Person;
  sue: Person;
  pat: Person;
  gus: Person; // Globex driver
  gia: Person; // Globex passenger
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  // Incentive: 1 trip or 30 miles in a month.
  const companies = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 1, numberOfMiles: 30 } });
  const [root] = await rows<{ id: string }>(db, sql`select id from users where role = 'SuperAdmin'`);
  w = {
    ...companies,
    admin: (await makeEmployer(db, companies.acme, 'admin@acme.test', 'Admin')).token,
    root: await tokenFor(db, root!.id),
    dan: await makeEmployee(db, companies.acme, 'Dan', 'Driver', { car: true }),
    sue: await makeEmployee(db, companies.acme, 'Sue', 'Sharer', { car: true }),
    pat: await makeEmployee(db, companies.acme, 'Pat', 'Passenger'),
    gus: await makeEmployee(db, companies.globex, 'Gus', 'Globex', { car: true }),
    gia: await makeEmployee(db, companies.globex, 'Gia', 'Globex'),
  };
});

const month = monthFromNow(0);
const q = `year=${month.year}&month=${month.month}`;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
const ok = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};
const flaggedPage = pageOf(flaggedTripSchema);
const flagged = async (token = w.boss, query = '') => flaggedPage.parse(ok(await get(`/api/trips/flagged${query}`, token)));

/** What every figure of the month says: the dashboard, the trend, CO2, both rankings and the incentive. */
async function figures(token = w.boss) {
  const summary = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q}`, token)));
  const trend = monthlyTrendSchema.parse(ok(await get('/api/dashboard/trend', token))).months.at(-1)!;
  const co2 = co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q}`, token)));
  const monthly = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q}`, token)));
  const allTime = participationPageSchema.parse(ok(await get('/api/employee-participation', token)));
  const groups = ok<{ items: { name: string; trips: number; miles: number }[] }>(await get('/api/journey-groups', token));
  return {
    trips: summary.totalTrips,
    miles: summary.totalDistanceMiles,
    passengerMiles: summary.passengerMiles,
    co2: summary.co2SavedKg,
    participants: summary.totalParticipants,
    qualified: [summary.incentives.qualifiedForTrips, summary.incentives.qualifiedForMiles],
    trend: [trend.trips, trend.distanceMiles, trend.co2SavedKg, trend.activeParticipants],
    co2Report: co2.passengerMiles,
    monthly: monthly.items.map((r) => [r.name, r.totalTrips, r.totalDistance, r.qualify]),
    allTime: allTime.items.map((r) => [r.name, r.totalTrips, r.totalDistance]),
    groups: groups.items.map((g) => [g.name, g.trips, g.miles]),
  };
}

/** Dan drives Pat 150 miles: more than 120 miles in a day, with no usual trip yet to go by. */
async function longTrip(o: { startedAt?: string; journeyGroupId?: string; clientTripId?: string } = {}) {
  const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 150, ...o });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ message: string; trip: { id: string; review: string; flagReasons: string[] } }>(res);
}

const auditRows = () =>
  rows<{ action: string; actor_email: string; company_id: string; target_kind: string; target_id: string; summary: string }>(
    t.ctx.db,
    sql`select action, actor_email, company_id, target_kind, target_id, summary from audit_log where action like 'trip.%' order by created_at`,
  );

describe('flagged trips', () => {
  it('keeps an unusual trip but out of every figure, and answers the app that it waits for the employer', async () => {
    const group = json<{ group: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/journey-groups', headers: { authorization: `Bearer ${w.boss}` }, payload: { name: 'Long haul' } }),
    ).group.id;
    const empty = await figures();
    const startedAt = thisMonthAt(1);
    const answer = await longTrip({ journeyGroupId: group, clientTripId: 'long', startedAt });
    expect(answer.message).toBe(MESSAGES.trips.recordedForReview);
    expect(answer.trip).toMatchObject({ review: 'flagged', flagReasons: ['dayDistance'] });
    expect(await figures()).toEqual(empty);
    expect(empty).toMatchObject({ trips: 0, co2: 0, qualified: [0, 0], monthly: [], allTime: [], groups: [['Long haul', 0, 0]] });
    // A rebuild of the roll-ups leaves it out too.
    await rebuildRollups(t.ctx.db, w.acme);
    expect(await figures()).toEqual(empty);
    // Its retry answers the same; another trip then overlaps it: a flagged trip holds its time all the same.
    const again = await longTrip({ journeyGroupId: group, clientTripId: 'long', startedAt });
    expect(again).toMatchObject({ message: MESSAGES.trips.alreadyRecorded, trip: answer.trip });
    const other = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 5, startedAt });
    expect(other.statusCode).toBe(409);
  });

  it('lists the flagged trips of the employer’s company with why, newest first, for its employer, admins and a super admin naming it', async () => {
    const older = await longTrip({ startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    // Sue drives Pat while Pat is on Dan's trip.
    await longTrip({ startedAt: thisMonthAt(0) });
    const overlap = await postTrip(t.app, w.sue.token, { passengerIds: [w.pat.id], distanceMiles: 5, startedAt: new Date(Date.parse(thisMonthAt(0)) + 600_000).toISOString() });
    expect(json(overlap)).toMatchObject({ trip: { review: 'flagged', flagReasons: ['personOverlap'] } });
    const page = await flagged();
    expect(page.totalCount).toBe(3);
    expect(page.items.map((i) => i.driver.name)).toEqual(['Sue Sharer', 'Dan Driver', 'Dan Driver']);
    const [sues, dans] = page.items as [FlaggedTrip, FlaggedTrip, FlaggedTrip];
    expect(sues.flags).toEqual([{ reason: 'personOverlap', people: ['Pat Passenger'] }]);
    expect(dans).toMatchObject({ distanceMiles: 150, driver: { id: w.dan.id }, passengers: [{ id: w.pat.id, name: 'Pat Passenger' }], journeyGroup: null });
    expect(dans.flags).toEqual([{ reason: 'dayDistance', dayMiles: 150, limitMiles: 120 }]);
    expect(page.items[2]!.id).toBe(older.trip.id);
    expect(await flagged(w.admin)).toEqual(page);
    expect(await flagged(w.root, `?companyId=${w.acme}`)).toEqual(page);
    const paged = await flagged(w.boss, '?pageNumber=2&pageSize=2');
    expect(paged).toMatchObject({ totalCount: 3, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    expect(paged.items.map((i) => i.id)).toEqual([older.trip.id]);
  });

  it('counts a trip in every figure once the employer confirms it, audited; rejecting another keeps it out, audited', async () => {
    const before = await figures();
    const confirmed = await longTrip();
    // 150 miles take over two hours: the other one starts well clear of this one's end.
    const rejected = await longTrip({ startedAt: thisMonthAt(13) });
    expect(await figures()).toEqual(before);

    const yes = await post(`/api/trips/${confirmed.trip.id}/confirm`, w.boss);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(json(yes)).toEqual({ success: true, message: MESSAGES.insights.tripReview.confirmed });
    const after = await figures();
    expect(after).toMatchObject({
      trips: 1,
      miles: 150,
      passengerMiles: 150,
      co2: 40.37, // 150 x 0.26915 = 40.3725
      participants: 2,
      qualified: [2, 2],
      trend: [1, 150, 40.37, 2],
      co2Report: 150,
    });
    expect([...after.monthly].sort()).toEqual([
      ['Dan Driver', 1, 150, true],
      ['Pat Passenger', 1, 150, true],
    ]);
    const no = await post(`/api/trips/${rejected.trip.id}/reject`, w.admin);
    expect(no.statusCode, no.body).toBe(200);
    expect(json(no)).toEqual({ success: true, message: MESSAGES.insights.tripReview.rejected });
    expect(await figures()).toEqual(after);
    expect((await flagged()).totalCount).toBe(0);

    // Trip by trip and rebuilt, the roll-ups agree.
    const snapshot = async () => [
      await rows(t.ctx.db, sql`select * from company_monthly_stats order by month`),
      await rows(t.ctx.db, sql`select * from employee_monthly_stats order by month, employee_id`),
      await rows(t.ctx.db, sql`select * from employee_trip_totals order by employee_id`),
    ];
    const kept = JSON.stringify(await snapshot());
    await rebuildRollups(t.ctx.db, w.acme);
    expect(JSON.stringify(await snapshot())).toBe(kept);
    expect(await figures()).toEqual(after);

    const audit = await auditRows();
    expect(audit.map((a) => [a.action, a.actor_email, a.company_id, a.target_kind, a.target_id])).toEqual([
      ['trip.confirmed', 'boss@acme.test', w.acme, 'trip', confirmed.trip.id],
      ['trip.rejected', 'admin@acme.test', w.acme, 'trip', rejected.trip.id],
    ]);
    expect(audit[0]!.summary).toContain('Dan Driver');
    expect(audit[0]!.summary).toContain('150.00 miles');
    expect(audit[0]!.summary).toContain(MESSAGES.insights.tripReview.reasons.dayDistance('150.00', '120.00'));
    const [stored] = await rows<{ status: string; reviewed_by: string | null }>(t.ctx.db, sql`select status, reviewed_by from trips where id = ${rejected.trip.id}`);
    expect(stored).toMatchObject({ status: 'rejected' });
  });

  it('folds a confirmed trip’s office shares at once, as after a recorded trip', async () => {
    const db = t.ctx.db;
    const [office] = await db.insert(locations).values({ companyId: w.acme, addressLine1: '1 Leeds Road', town: 'Leeds', postalCode: 'LS1 1AA' }).returning();
    await db.update(users).set({ officeId: office!.id }).where(inArray(users.id, [w.dan.id, w.pat.id]));
    const trip = await longTrip();
    const yes = await post(`/api/trips/${trip.trip.id}/confirm`, w.boss);
    expect(yes.statusCode, yes.body).toBe(200);
    const [r] = await rows<{ trips: number; participants: number; deltas: number }>(
      db,
      sql`select (select trips from office_monthly_stats where office_id = ${office!.id}) as trips,
        (select participants from office_monthly_stats where office_id = ${office!.id}) as participants,
        (select count(*)::int from office_monthly_stat_deltas) as deltas`,
    );
    expect(r).toEqual({ trips: 1, participants: 2, deltas: 0 });
  });

  it('decides a trip once: a second decision, or two at once, is a 409 and changes nothing', async () => {
    const trip = await longTrip();
    const both = await Promise.all([post(`/api/trips/${trip.trip.id}/confirm`, w.boss), post(`/api/trips/${trip.trip.id}/confirm`, w.admin)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(both.find((r) => r.statusCode === 409)!)).toMatchObject({ success: false, message: MESSAGES.insights.tripReview.alreadyReviewed });
    const counted = await figures();
    expect(counted.trips).toBe(1);
    const late = await post(`/api/trips/${trip.trip.id}/reject`, w.boss);
    expect(late.statusCode).toBe(409);
    expect(await figures()).toEqual(counted);
    expect((await auditRows()).map((a) => a.action)).toEqual(['trip.confirmed']);
    // A counted trip was never flagged: nothing to decide.
    const plain = await postTrip(t.app, w.sue.token, { passengerIds: [w.pat.id], distanceMiles: 3, startedAt: thisMonthAt(12) });
    expect((await post(`/api/trips/${json<{ trip: { id: string } }>(plain).trip.id}/reject`, w.boss)).statusCode).toBe(409);
  });

  it('shows and decides only the own company’s trips: another company’s are not found, whatever id is sent', async () => {
    const acmeTrip = await longTrip();
    const globex = await postTrip(t.app, w.gus.token, { passengerIds: [w.gia.id], distanceMiles: 200 });
    expect(json(globex)).toMatchObject({ trip: { review: 'flagged' } });
    const globexTrip = json<{ trip: { id: string } }>(globex).trip.id;
    expect((await flagged(w.rival)).items.map((i) => i.id)).toEqual([globexTrip]);
    expect((await flagged(w.rival, `?companyId=${w.acme}`)).items.map((i) => i.id)).toEqual([globexTrip]);
    expect((await flagged()).items.map((i) => i.id)).toEqual([acmeTrip.trip.id]);
    for (const action of ['confirm', 'reject']) {
      const res = await post(`/api/trips/${acmeTrip.trip.id}/${action}`, w.rival);
      expect(res.statusCode, action).toBe(404);
      expect(json(res)).toMatchObject({ success: false, message: MESSAGES.insights.tripReview.notFound });
    }
    expect((await post(`/api/trips/${globexTrip}/confirm`, w.boss)).statusCode).toBe(404);
    expect((await post('/api/trips/not-a-trip/confirm', w.boss)).statusCode).toBe(404);
    const [stored] = await rows<{ status: string }>(t.ctx.db, sql`select status from trips where id = ${acmeTrip.trip.id}`);
    expect(stored!.status).toBe('flagged');
    expect(await auditRows()).toEqual([]);
    // Employees decide nothing; a super admin reads, the company decides.
    expect((await post(`/api/trips/${acmeTrip.trip.id}/confirm`, w.pat.token)).statusCode).toBe(403);
    expect((await post(`/api/trips/${acmeTrip.trip.id}/confirm`, w.root)).statusCode).toBe(403);
    expect((await get('/api/trips/flagged', w.root)).statusCode).toBe(400);
  });
});

describe('what is unusual', () => {
  it('takes the company’s usual trip once it has 30 counted ones in 3 months: 6 times it, or 120 miles, whichever is more', () => {
    expect(dayLimitHundredths(0, 0)).toBe(12_000);
    expect(dayLimitHundredths(29, 29 * 5_000)).toBe(12_000);
    expect(dayLimitHundredths(30, 30 * 1_000)).toBe(12_000);
    expect(dayLimitHundredths(30, 30 * 3_000)).toBe(18_000);
  });

  it('flags one of two trips sharing a passenger at one time even when both are posted at once', async () => {
    const at = Date.parse(thisMonthAt(3));
    const both = await Promise.all([
      postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 10, startedAt: new Date(at).toISOString() }),
      postTrip(t.app, w.sue.token, { passengerIds: [w.pat.id], distanceMiles: 10, startedAt: new Date(at + 60_000).toISOString() }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both.map((r) => json<{ trip: { review: string } }>(r).trip.review).sort()).toEqual(['counted', 'flagged']);
    expect((await figures()).trips).toBe(1);
  });

  it('flags a trip whose passenger drives, or whose driver rides, another trip at that time, and not one after it', async () => {
    // Two hours of trips, all in the past (whichever month: no figure is read here).
    const at = Date.now() - 3 * 3_600_000;
    const iso = (ms: number) => new Date(at + ms).toISOString();
    const review = async (res: Res) => {
      expect(res.statusCode).toBe(201);
      return json<{ trip: { review: string; flagReasons: string[] } }>(res).trip;
    };
    const min = 60_000;
    // Dan drives Pat for 10 miles (at least 8.6 minutes); Sue drives Dan meanwhile: Dan is busy as a driver.
    expect((await review(await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 10, startedAt: iso(0) }))).review).toBe('counted');
    const [suesFirst, gus] = await Promise.all([
      postTrip(t.app, w.sue.token, { passengerIds: [w.dan.id], distanceMiles: 5, startedAt: iso(min) }),
      postTrip(t.app, w.gus.token, { passengerIds: [w.gia.id], distanceMiles: 5, startedAt: iso(min) }),
    ]);
    expect(await review(suesFirst)).toMatchObject({ review: 'flagged', flagReasons: ['personOverlap'] });
    // Gus of Globex drove then too, and nobody of his trip was busy.
    expect((await review(gus)).review).toBe('counted');
    // An hour later Dan drives Sue, and Sue drives Pat meanwhile: Sue is busy as a passenger.
    expect((await review(await postTrip(t.app, w.dan.token, { passengerIds: [w.sue.id], distanceMiles: 10, startedAt: iso(60 * min) }))).review).toBe('counted');
    expect(await review(await postTrip(t.app, w.sue.token, { passengerIds: [w.pat.id], distanceMiles: 5, startedAt: iso(61 * min) }))).toMatchObject({
      review: 'flagged',
      flagReasons: ['personOverlap'],
    });
    // Once Dan's trips are over, nobody is busy.
    expect((await review(await postTrip(t.app, w.sue.token, { passengerIds: [w.dan.id], distanceMiles: 5, startedAt: iso(120 * min) }))).review).toBe('counted');
  });

  it('adds up the driver’s day: the trip that takes it over the limit is flagged, the ones before are not', async () => {
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;
    const reviews = [];
    for (const [hour, miles] of [
      [6, 50],
      [9, 50],
      [13, 19.99],
      [16, 0.02],
    ] as const) {
      reviews.push(json<{ trip: { review: string } }>(await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: miles, startedAt: at(hour) })).trip.review);
    }
    expect(reviews).toEqual(['counted', 'counted', 'counted', 'flagged']);
  });
});
