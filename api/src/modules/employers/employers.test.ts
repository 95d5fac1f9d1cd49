import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, companySchema, employerCurrentAnswerSchema } from '@portal/shared-contracts';
import { companies, incentives, locations, users } from '../../db/schema';
import { bearer, employerRows, json, loginAs, registerEmployer, signedInUser, superAdminSession, useTestApp } from '../../test/test-support';

const t = useTestApp();

interface World {
  acme: string;
  globex: string;
  closed: string;
  erin: { id: string; token: string; employerUserId: string };
  gus: { id: string; token: string; employerUserId: string };
  adminToken: string;
  adminId: string;
  superToken: string;
}
let w: World;

/** Two companies with an employer each (as after setup step 1), an Admin of Acme, and a closed company. */
beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const [acme] = await db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', countryCode: 'GB', signUpState: 1 }).returning();
  const [globex] = await db.insert(companies).values({ name: 'Globex', email: 'hi@globex.test', phoneNumber: '+33 6 12 34 56 78', countryCode: 'FR', signUpState: 3 }).returning();
  const [closed] = await db.insert(companies).values({ name: 'Closed Co', email: 'c@closed.test', phoneNumber: '07700900000', isActive: false }).returning();
  await db.insert(locations).values({ companyId: acme!.id, addressLine1: '1 High Street', town: 'Leeds', postalCode: 'LS1 1AA' });
  await db.insert(incentives).values({ companyId: acme!.id, generalRewardDescription: 'Coffee', numberOfMiles: 100, numberOfMilesRewards: 'Voucher', numberOfTrips: 10, numberOfTripsRewards: 'Lunch' });

  // The people as rows (registration and sign-in have their own tests).
  const erin = await employerRows(db, acme!.id, 'erin@acme.test');
  const gus = await employerRows(db, globex!.id, 'gus@globex.test');
  const admin = await signedInUser(db, { email: 'ada@acme.test', name: 'Ada', role: 'Admin', companyId: acme!.id, password: 'Admin-pass1' });
  const superToken = await superAdminSession(db);
  w = { acme: acme!.id, globex: globex!.id, closed: closed!.id, erin, gus, adminToken: admin.token, adminId: admin.id, superToken };
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

describe('GET /api/employers/current/{userId}', () => {
  it("answers the caller's own employer record", async () => {
    const res = await get(`/api/employers/current/${w.erin.id}`, w.erin.token);
    expect(res.statusCode).toBe(200);
    expect(employerCurrentAnswerSchema.parse(json(res))).toMatchObject({ id: w.erin.employerUserId, userId: w.erin.id, employerId: w.acme });
  });

  it('accepts the employer user id as well (the lookup other roles make)', async () => {
    const res = await get(`/api/employers/current/${w.erin.employerUserId}`, w.adminToken);
    expect(json(res)).toMatchObject({ userId: w.erin.id, employerId: w.acme });
  });

  it('answers null employerId before setup step 1', async () => {
    const fresh = await registerEmployer(t.app, 'new@example.com');
    expect(json(await get(`/api/employers/current/${fresh.id}`, fresh.token))).toMatchObject({ employerId: null });
  });

  it("hides other companies' users, and lets a super admin see anyone", async () => {
    expect((await get(`/api/employers/current/${w.gus.id}`, w.erin.token)).statusCode).toBe(404);
    expect((await get(`/api/employers/current/${w.erin.id}`, w.gus.token)).statusCode).toBe(404);
    expect((await get(`/api/employers/current/${w.gus.id}`, w.superToken)).statusCode).toBe(200);
    expect((await get('/api/employers/current/not-a-uuid', w.superToken)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await get(`/api/employers/current/${w.erin.id}`);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.common.unauthorized });
  });

  it('login then reflects the company and its sign-up state', async () => {
    const res = json(await loginAs(t.app, 'erin@acme.test', 'Passw0rd!'));
    expect(res).toMatchObject({ employerId: w.acme, signUpState: 1, userSignUpState: 1, employerUserId: w.erin.employerUserId });
  });
});

describe('GET /api/employers/{id}', () => {
  it('gives its own users the full company with country, locations and incentive', async () => {
    for (const token of [w.erin.token, w.adminToken]) {
      const res = await get(`/api/employers/${w.acme}`, token);
      expect(res.statusCode).toBe(200);
      const company = companySchema.parse(json<{ company: unknown }>(res).company);
      expect(company).toMatchObject({
        id: w.acme,
        name: 'Acme Ltd',
        email: 'hello@acme.test',
        isActive: true,
        signUpState: 1,
        countryCode: { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' },
        locations: [{ addressLine1: '1 High Street', addressLine2: null, town: 'Leeds', postalCode: 'LS1 1AA' }],
        incentive: { generalRewardDescription: 'Coffee', numberOfMiles: 100, numberOfTrips: 10 },
      });
    }
  });

  it("answers 404 to another company's users and the full company to a super admin", async () => {
    const other = await get(`/api/employers/${w.acme}`, w.gus.token);
    expect(other.statusCode).toBe(404);
    expect(json(other)).toEqual({ success: false, message: MESSAGES.company.notFound });
    const sa = await get(`/api/employers/${w.globex}`, w.superToken);
    expect(json<{ company: { countryCode: { callingCode: string } } }>(sa).company.countryCode.callingCode).toBe('+33');
  });

  it('counts the employees, join requests included, for a super admin only', async () => {
    await t.ctx.db.insert(users).values([
      { email: 'olivia@acme.test', passwordHash: '!', name: 'Olivia Smith', role: 'Employee', companyId: w.acme, firstName: 'Olivia', lastName: 'Smith', employeeNumber: '1' },
      { email: 'noah@acme.test', passwordHash: '!', name: 'Noah Evans', role: 'Employee', companyId: w.acme, firstName: 'Noah', lastName: 'Evans', employeeNumber: '2', isApproved: false, isActive: false },
    ]);
    const sa = companySchema.parse(json<{ company: unknown }>(await get(`/api/employers/${w.acme}`, w.superToken)).company);
    expect(sa.employeeCount).toBe(2);
    const own = companySchema.parse(json<{ company: unknown }>(await get(`/api/employers/${w.acme}`, w.erin.token)).company);
    expect(own.employeeCount).toBeUndefined();
  });

  it('tells an anonymous caller only the id and name of an active company', async () => {
    const res = await get(`/api/employers/${w.acme}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.common.ok, company: { id: w.acme, name: 'Acme Ltd' } });
    expect((await get(`/api/employers/${w.closed}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get('/api/employers/00000000-0000-4000-8000-000000000000', w.superToken)).statusCode).toBe(404);
    expect((await get('/api/employers/12345')).statusCode).toBe(404);
  });
});
