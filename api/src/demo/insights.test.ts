import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardSummarySchema, journeyGroupPageSchema, monthlyTrendSchema } from '@portal/shared-contracts';
import { rows } from '../db/sql';
import { json, loginAs, useTestApp } from '../test-support';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';

const t = useTestApp();
const quiet = { info() {}, warn() {}, error() {} };

describe('demo insights', () => {
  it("give Greenway's dashboard a believable year from its own employees", async () => {
    await seedDemo({ db: t.ctx.db, log: quiet });
    const [greenway] = await rows<{ id: string }>(t.ctx.db, sql`select id from companies where name = 'Greenway Logistics Ltd'`);
    const companyId = greenway!.id;

    // Every trip is between active, approved employees of the company; every driver has a car.
    const [bad] = await rows<{ foreign_people: number; carless_drivers: number; trips: number; rolled: number }>(
      t.ctx.db,
      sql`select
        (select count(*)::int from trips t join trip_passengers tp on tp.trip_id = t.id join users u on u.id = tp.passenger_id
          where t.company_id = ${companyId} and (u.company_id <> t.company_id or not u.is_active or not u.is_approved or u.id = t.driver_id)) as foreign_people,
        (select count(*)::int from trips t where t.company_id = ${companyId} and not exists (select 1 from vehicles v where v.user_id = t.driver_id)) as carless_drivers,
        (select count(*)::int from trips t where t.company_id = ${companyId}) as trips,
        (select coalesce(sum(trips), 0)::int from company_monthly_stats where company_id = ${companyId}) as rolled`,
    );
    expect(bad).toMatchObject({ foreign_people: 0, carless_drivers: 0 });
    expect(bad!.trips).toBeGreaterThan(1500);
    expect(bad!.rolled).toBe(bad!.trips);

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
  });
});
