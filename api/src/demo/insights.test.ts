import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardSummarySchema, flaggedTripSchema, journeyGroupPageSchema, monthlyTrendSchema, pageOf } from '@portal/shared-contracts';

const flaggedPage = pageOf(flaggedTripSchema);
import { companies } from '../db/schema';
import { rows } from '../db/sql';
import { json, loginAs, useTestApp } from '../test/test-support';
import { seedDemoDrivers } from './drivers';
import { seedDemoEmployees } from './employees';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';
import { seedDemoInsights } from './insights';

const t = useTestApp();
const quiet = { info() {}, warn() {}, error() {} };

describe('demo insights', () => {
  it("give Greenway's dashboard a believable year from its own employees", async () => {
    await seedDemo({ db: t.ctx.db, log: quiet });
    const [greenway] = await rows<{ id: string }>(t.ctx.db, sql`select id from companies where name = 'Greenway Logistics Ltd'`);
    const companyId = greenway!.id;

    // Every trip is between active, approved employees of the company; every driver was verified,
    // with a verified vehicle, before driving.
    const [bad] = await rows<{ foreign_people: number; unverified_drivers: number; trips: number; rolled: number }>(
      t.ctx.db,
      sql`select
        (select count(*)::int from trips t join trip_passengers tp on tp.trip_id = t.id join users u on u.id = tp.passenger_id
          where t.company_id = ${companyId} and (u.company_id <> t.company_id or not u.is_active or not u.is_approved or u.id = t.driver_id)) as foreign_people,
        (select count(*)::int from trips t join users u on u.id = t.driver_id left join vehicles v on v.user_id = u.id
          where t.company_id = ${companyId} and (not u.is_driver_verified or not coalesce(v.is_verified, false)
            or exists (select 1 from driver_verification_events e where e.driver_id = u.id and e.kind in ('driverVerified', 'vehicleVerified') and e.created_at > t.started_at))) as unverified_drivers,
        (select count(*)::int from trips t where t.company_id = ${companyId} and t.status = 'counted') as trips,
        (select coalesce(sum(trips), 0)::int from company_monthly_stats where company_id = ${companyId}) as rolled`,
    );
    expect(bad).toMatchObject({ foreign_people: 0, unverified_drivers: 0 });
    expect(bad!.trips).toBeGreaterThan(1500);
    expect(bad!.rolled).toBe(bad!.trips);

    // Nobody is on two counted trips at once (a trip lasts its miles at 70 mph at least); no driver
    // drives more than 6 trips or 120 miles in a UTC day.
    const [rules] = await rows<{ overlaps: number; busy_days: number; long_days: number }>(
      t.ctx.db,
      sql`with parts as (
          select t.id, t.driver_id as person, t.started_at as s, t.started_at + (t.distance_hundredths::bigint * 36000 / 70) * interval '1 millisecond' as e
          from trips t where t.company_id = ${companyId} and t.status = 'counted'
          union all
          select t.id, tp.passenger_id, t.started_at, t.started_at + (t.distance_hundredths::bigint * 36000 / 70) * interval '1 millisecond'
          from trips t join trip_passengers tp on tp.trip_id = t.id where t.company_id = ${companyId} and t.status = 'counted'
        ), days as (
          select t.driver_id, date_trunc('day', t.started_at at time zone 'UTC') as day, count(*) as n, sum(t.distance_hundredths) as h
          from trips t where t.company_id = ${companyId} and t.status = 'counted' group by 1, 2
        )
        select (select count(*)::int from parts a join parts b on a.person = b.person and a.id < b.id and a.s < b.e and b.s < a.e) as overlaps,
          (select count(*)::int from days where n > 6) as busy_days,
          (select count(*)::int from days where h > 12000) as long_days`,
    );
    expect(rules).toEqual({ overlaps: 0, busy_days: 0, long_days: 0 });

    const token = json<{ token: string }>(await loginAs(t.app, DEMO_ACCOUNTS.readyEmployer, DEMO_PASSWORD)).token;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => json(r));
    const trend = monthlyTrendSchema.parse(await get('/api/dashboard/trend'));
    const full = trend.months.slice(0, -1);
    expect(full.every((m) => m.trips > 0)).toBe(true);
    // The scheme grows over the year.
    expect(full.slice(-3).reduce((s, m) => s + m.trips, 0)).toBeGreaterThan(full.slice(0, 3).reduce((s, m) => s + m.trips, 0));
    const last = full.at(-1)!;
    const summary = dashboardSummarySchema.parse(await get(`/api/dashboard/summary?year=${last.year}&month=${last.month}`));
    expect(summary.totalParticipants).toBeGreaterThan(10);
    expect(summary.co2SavedKg).toBeGreaterThan(0);
    // Some reach the incentive, not everyone.
    expect(summary.incentives.qualifiedForTrips).toBeGreaterThan(0);
    expect(summary.incentives.qualifiedForTrips).toBeLessThan(summary.incentives.activeEmployees);
    expect(summary.incentives.participationPercent).toBeLessThanOrEqual(100);
    const groups = journeyGroupPageSchema.parse(await get('/api/journey-groups'));
    expect(groups.totalCount).toBeGreaterThan(2);
    expect(groups.items.every((g) => g.meetingPoints.length > 0 && g.members.length > 0)).toBe(true);
    const feedback = json<{ totalCount: number }>(await t.app.inject({ method: 'GET', url: '/api/feedbacks', headers: { authorization: `Bearer ${token}` } }));
    expect(feedback.totalCount).toBeGreaterThan(10);

    // A few unusual trips wait for the employer, each with why, as the api would have flagged them.
    const review = flaggedPage.parse(await get('/api/trips/flagged'));
    expect(review.totalCount).toBe(3);
    expect(review.items.map((i) => i.flags.map((f) => f.reason)).sort()).toEqual([['dayDistance'], ['dayDistance'], ['personOverlap']]);
    for (const item of review.items) {
      expect(item.passengers.length).toBeGreaterThan(0);
      for (const f of item.flags) {
        if (f.reason === 'dayDistance') expect(f.dayMiles).toBeGreaterThan(f.limitMiles);
        else expect(item.passengers.map((p) => p.name)).toEqual(f.people);
      }
    }
  });

  // The draw is seeded by the company's id (a new one every run). These ids once gave a Greenway
  // whose approved drivers had all joined within the year: no driver, so no trip, in its first months.
  it.each(['be8f51f8-a28d-448b-b8a2-3c309124b327', '07b4ebae-0f65-4a29-96a9-a2f1a44b9c6a', '089b2776-99e5-4023-9331-9af3dbc94945'])(
    'give every month of the year trips whatever the company id (%s)',
    async (id) => {
      await t.ctx.db.insert(companies).values({ id, name: `Greenway ${id.slice(0, 8)}`, email: `hello@${id.slice(0, 8)}.example`, phoneNumber: '0113 496 0123', signUpState: 3 });
      await seedDemoEmployees(t.ctx.db, { companyId: id, count: 60, seed: 'greenway' });
      await seedDemoDrivers(t.ctx.db, { companyId: id, seed: 'greenway' });
      await seedDemoInsights(t.ctx.db, { companyId: id, trips: 60 * 40, seed: 'greenway' });
      const months = await rows<{ n: number }>(
        t.ctx.db,
        sql`select count(t.id)::int as n
          from generate_series(date_trunc('month', now() at time zone 'UTC') - interval '11 months', date_trunc('month', now() at time zone 'UTC') - interval '1 month', interval '1 month') m
          left join trips t on t.company_id = ${id} and t.status = 'counted' and date_trunc('month', t.started_at at time zone 'UTC') = m
          group by m order by m`,
      );
      expect(months).toHaveLength(11);
      expect(months.map((m) => m.n).filter((n) => n === 0)).toEqual([]);
    },
  );
});
