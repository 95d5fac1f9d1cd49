import { eq } from 'drizzle-orm';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { DOCS_PATH } from '../app';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { makeCompany, makeEmployee } from '../test/trips-world';
import { useTestApp } from '../test/test-support';
import { TEST_SUPERADMIN } from '../test/testing';
import { answerProblems } from './answer-check';
import { createApiClient, type ApiClient } from '../../openapi-client';

/**
 * The mobile app's journey, as the team that builds it would drive it: only through the client
 * generated from our OpenAPI document, over HTTP against the running api. Every answer is also
 * checked against the document, as the app's generated types assume.
 */
describe('the mobile app journey through the generated client', () => {
  const t = useTestApp();
  let baseUrl = '';
  let doc: Parameters<typeof answerProblems>[0];
  const problems: string[] = [];

  /** Records every answer that is not what the document says. */
  const checkAnswers: Middleware = {
    async onResponse({ request, response }) {
      const body = await response.clone().text();
      const url = new URL(request.url);
      problems.push(
        ...answerProblems(doc, {
          method: request.method,
          url: url.pathname + url.search,
          status: response.status,
          contentType: response.headers.get('content-type') ?? undefined,
          body,
        }),
      );
      return undefined;
    },
  };

  function client(token?: string): ApiClient {
    const c = createApiClient(baseUrl, token);
    c.use(checkAnswers);
    return c;
  }

  const password = 'Mobile-pass-2024';
  let acme = '';
  let pat = { id: '', token: '' };

  beforeAll(async () => {
    await t.reset();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    doc = (await (await fetch(`${baseUrl}${DOCS_PATH}/json`)).json()) as typeof doc;
    // The company, its employer and a colleague exist already (the portal's side of the story).
    acme = await makeCompany(t.ctx.db, 'Acme');
    pat = await makeEmployee(t.ctx.db, acme, 'Pat', 'Passenger');
    const dan = await makeEmployee(t.ctx.db, acme, 'Dan', 'Driver');
    await t.ctx.db.update(users).set({ email: 'dan@acme.test', passwordHash: await hashPassword(password) }).where(eq(users.id, dan.id));
    await t.ctx.db
      .insert(users)
      .values({ email: 'boss@acme.test', passwordHash: await hashPassword(password), name: 'Bea Boss', role: 'Employer', companyId: acme });
  });

  afterAll(() => {
    expect(problems).toEqual([]);
  });

  it('employee login, vehicle, journey group, trip with a passenger, feedback; the portal shows each', async () => {
    // The employer sets up a journey group in the portal.
    const boss = await client().POST('/api/accounts/login', { body: { email: 'boss@acme.test', password } });
    expect(boss.response.status).toBe(200);
    const employer = client(boss.data!.token);
    const created = await employer.POST('/api/journey-groups', { body: { name: 'Leeds to Harrogate', meetingPoints: ['Leeds station'] } });
    expect(created.response.status).toBe(201);

    // 1. The employee signs in on the phone: a bearer token.
    const login = await client().POST('/api/accounts/login', { body: { email: 'dan@acme.test', password } });
    expect(login.response.status).toBe(200);
    expect(login.data).toMatchObject({ success: true, role: 'Employee', email: 'dan@acme.test', employerId: acme });
    const app = client(login.data!.token);

    // 2. Registers a vehicle and becomes a driver waiting for verification.
    const vehicle = await app.PUT('/api/me/vehicle', {
      body: { make: 'Toyota', model: 'Yaris', yearManufactured: 2021, color: 'Red', registrationNumber: 'ab12cde', drivingLicenseNumber: 'drive 753116 dd9ij' },
    });
    expect(vehicle.response.status).toBe(200);
    expect(vehicle.data!.driver).toMatchObject({ vehicle: { registrationNumber: 'AB12 CDE' }, status: 'pending' });

    // 3. Joins the company's journey group.
    const groups = await app.GET('/api/journey-groups/mine', { params: { query: { pageNumber: 1, pageSize: 10 } } });
    expect(groups.data!.items.map((g) => [g.name, g.isMember])).toEqual([['Leeds to Harrogate', false]]);
    const groupId = groups.data!.items[0]!.id;
    const joined = await app.POST('/api/journey-groups/{id}/join', { params: { path: { id: groupId } } });
    expect(joined.response.status).toBe(200);

    // 4. A trip waits for the verification of the licence and the vehicle: the refusal says so.
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    const tripBody = { clientTripId: 'phone-trip-1', startedAt, distanceMiles: 14.5, passengerIds: [pat.id], journeyGroupId: groupId };
    const early = await app.POST('/api/trips', { body: tripBody });
    expect(early.response.status).toBe(403);
    expect(early.error).toMatchObject({ success: false, message: MESSAGES.trips.driverPending });
    const root = await client().POST('/api/accounts/login', { body: { email: TEST_SUPERADMIN.email, password: TEST_SUPERADMIN.password } });
    const backOffice = client(root.data!.token);
    const followUpDate = new Date(Date.now() + 180 * 86_400_000).toISOString();
    for (const path of ['/api/drivers/approve', '/api/vehicles/approve'] as const) {
      const verified = await backOffice.POST(path, { body: { employeeIds: [login.data!.id], notes: 'Checked', followUpDate } });
      expect(verified.response.status).toBe(200);
    }

    // 5. Once verified, records the trip with a passenger, in that group.
    const trip = await app.POST('/api/trips', { body: tripBody });
    expect(trip.response.status).toBe(201);
    expect(trip.data).toMatchObject({
      success: true,
      created: true,
      trip: { distanceMiles: 14.5, passengerIds: [pat.id], journeyGroupId: groupId, review: 'counted', flagReasons: [] },
    });

    // 6. Leaves feedback.
    const feedback = await app.POST('/api/feedbacks', { body: { feedbackText: '  Great lift this morning.  ' } });
    expect(feedback.response.status).toBe(201);

    // A refusal reads as the document's one error shape.
    const refused = await app.POST('/api/feedbacks', { body: { feedbackText: '' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ success: false, errors: [{ field: 'feedbackText' }] });

    // 7. What the portal shows: the phone's own view, the employer's screens, the back office.
    const mine = await app.GET('/api/journey-groups/mine', { params: { query: {} } });
    expect(mine.data!.items[0]).toMatchObject({ name: 'Leeds to Harrogate', isMember: true });

    const feedbacks = await employer.GET('/api/feedbacks', { params: { query: {} } });
    expect(feedbacks.data!.items.map((f) => [f.fullName, f.feedbackText])).toEqual([['Dan Driver', 'Great lift this morning.']]);

    const portalGroups = await employer.GET('/api/journey-groups', { params: { query: {} } });
    expect(portalGroups.data!.items[0]).toMatchObject({ name: 'Leeds to Harrogate', trips: 1, miles: 14.5 });
    expect(portalGroups.data!.items[0]!.members.map((m) => m.name)).toEqual(['Dan Driver']);

    const now = new Date();
    const dashboard = await employer.GET('/api/dashboard/summary', { params: { query: { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 } } });
    expect(dashboard.data).toMatchObject({ totalTrips: 1, totalDistanceMiles: 14.5, passengerMiles: 14.5, totalParticipants: 2 });

    const drivers = await backOffice.GET('/api/drivers', { params: { query: {} } });
    expect(drivers.data!.map((d) => [d.firstName, d.vehicle.registrationNumber, d.isVerified, d.vehicle.isVerified])).toEqual([['Dan', 'AB12 CDE', true, true]]);
  }, 60_000);
});
