import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { driverPageSchema, normaliseLicence, normaliseRegistration, notificationSummarySchema } from '@portal/shared-contracts';
import { rows } from '../db/sql';
import { makeCompany, superAdmin } from '../test/people';
import { bearer, json, useTestApp } from '../test/test-support';
import { DEMO_DRIVER_STATES, seedDemoDrivers } from './drivers';
import { seedDemoEmployees } from './employees';

const t = useTestApp();

beforeEach(() => t.reset());

describe('demo drivers', () => {
  it('puts a company’s drivers in every verification state, with valid licences and the history behind each', async () => {
    const companyId = await makeCompany(t.ctx.db, 'Demo Drivers Ltd');
    await seedDemoEmployees(t.ctx.db, { companyId, count: 120, seed: 'test', pendingShare: 0, deactivatedShare: 0, driverShare: 1 });
    const result = await seedDemoDrivers(t.ctx.db, { companyId, seed: 'test' });
    expect(result.drivers).toBe(120);
    for (const state of DEMO_DRIVER_STATES) expect(result.states[state], state).toBeGreaterThan(0);

    const drivers = await rows<{ licence: string; registration: string; events: number }>(
      t.ctx.db,
      sql`select u.driving_license_number as licence, v.registration_number as registration,
          (select count(*)::int from driver_verification_events e where e.driver_id = u.id) as events
        from vehicles v join users u on u.id = v.user_id`,
    );
    for (const d of drivers) {
      expect(normaliseLicence(d.licence), d.licence).toBe(d.licence);
      expect(normaliseRegistration(d.registration), d.registration).toBe(d.registration);
      expect(d.events).toBeGreaterThanOrEqual(1);
    }

    // What the back office then shows: the same states through the api.
    const { token } = await superAdmin(t.ctx.db);
    const page = async (q: string) => driverPageSchema.parse(json(await t.app.inject({ method: 'GET', url: `/api/drivers/page?${q}`, headers: bearer(token) })));
    expect((await page('status=approved')).totalCount).toBe(result.states.approved + result.states.followUpDue);
    expect((await page('status=approved&followUp=due')).totalCount).toBe(result.states.followUpDue);
    expect((await page('status=pending&pageSize=100')).items.filter((d) => d.status === 'rejected')).toHaveLength(result.states.rejected);
    const badge = notificationSummarySchema.parse(json(await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) })));
    expect(badge.counts).toMatchObject({
      pendingDrivers: result.states.awaitingBoth + result.states.awaitingLicence,
      pendingVehicles: result.states.awaitingBoth + result.states.awaitingVehicle,
      followUpsDue: result.states.followUpDue,
    });
  });

  it('leaves drivers that already have a history alone when run again', async () => {
    const companyId = await makeCompany(t.ctx.db, 'Demo Drivers Ltd');
    await seedDemoEmployees(t.ctx.db, { companyId, count: 20, seed: 'again', driverShare: 1, pendingShare: 0, deactivatedShare: 0 });
    await seedDemoDrivers(t.ctx.db, { companyId, seed: 'again' });
    const before = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from driver_verification_events`);
    expect((await seedDemoDrivers(t.ctx.db, { companyId, seed: 'again' })).drivers).toBe(0);
    expect(await rows(t.ctx.db, sql`select count(*)::int as n from driver_verification_events`)).toEqual(before);
  });
});
