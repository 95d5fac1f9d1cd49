import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_FORM_MESSAGES, MESSAGES, companySchema, employerPageSchema } from '@portal/shared-contracts';
import { companies, employerUsers, incentives, locations, sessions, users, vehicles } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { adminOf, bearer, browser, employerRows, json, loginAs, registerEmployer, superAdminSession, useTestApp, type Res } from '../../test/test-support';
import { TEST_SUPERADMIN } from '../../test/testing';

const t = useTestApp();

type Who = { id: string; token: string; employerUserId: string };
interface World {
  acme: string;
  globex: string;
  acmeLocation: string;
  erin: Who;
  gus: Who;
  superToken: string;
}
let w: World;

const ACME = { name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '07911 123456', countryCode: 'GB' };
const LEEDS = { addressLine1: '1 High Street', addressLine2: '', town: 'Leeds', postalCode: 'LS1 1AA' };
const REWARDS = { generalRewardDescription: 'Coffee', numberOfMiles: 100, numberOfMilesRewards: 'Voucher', numberOfTrips: 10, numberOfTripsRewards: 'Lunch' };

/** Acme (GB, set up through the api to state 1) run by Erin; Globex (FR, state 3) run by Gus. */
beforeEach(async () => {
  await t.reset();
  const erin = await registerEmployer(t.app, 'erin@acme.test');
  const created = json<{ id: string }>(await call('POST', '/api/employers', erin.token, ACME));
  const loc = json<{ id: string }>(await call('POST', `/api/employers/${created.id}/location`, erin.token, LEEDS));
  const [globex] = await t.ctx.db
    .insert(companies)
    .values({ name: 'Globex', email: 'hi@globex.test', phoneNumber: '+33 6 12 34 56 78', countryCode: 'FR', signUpState: 3 })
    .returning();
  // Erin registers and sets her company up through the api (this file's subject); Gus and the super admin are rows.
  const gus = await employerRows(t.ctx.db, globex!.id, 'gus@globex.test');
  const superToken = await superAdminSession(t.ctx.db);
  w = { acme: created.id, globex: globex!.id, acmeLocation: loc.id, erin, gus, superToken };
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown): Promise<Res> {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

function expectError(res: Res, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ success: false, message });
}

function fieldErrors(res: Res) {
  return json<{ errors: { field: string; message: string }[] }>(res).errors;
}

async function companyRow(id: string) {
  const [c] = await t.ctx.db.select().from(companies).where(eq(companies.id, id));
  return c;
}

async function fresh(email = 'new@example.com') {
  return registerEmployer(t.app, email);
}

describe('POST /api/employers (setup step 1)', () => {
  it('creates the company, makes the caller its employer user and answers it in the form shape', async () => {
    const nina = await fresh();
    const res = await call('POST', '/api/employers', nina.token, { name: ' Nina Co ', email: 'office@nina.test', phoneNumber: '020 7946 0958' });
    expect(res.statusCode).toBe(201);
    const body = json<{ id: string; company: unknown }>(res);
    expect(body).toMatchObject({ success: true, message: MESSAGES.company.saved });
    const company = companySchema.parse(body.company);
    expect(company).toMatchObject({
      id: body.id,
      name: 'Nina Co',
      phoneNumber: '020 7946 0958',
      countryCode: { alpha2Code: 'GB', callingCode: '+44', flag: '🇬🇧' },
      signUpState: 0,
      locations: [],
      incentive: null,
      isActive: true,
    });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, nina.id));
    expect(u!.companyId).toBe(body.id);
    // The form sends back what it got: the same values save again.
    const again = await call('PUT', '/api/employers', nina.token, { id: company.id, name: company.name, email: company.email, phoneNumber: company.phoneNumber, countryCode: company.countryCode.alpha2Code });
    expect(again.statusCode, again.body).toBe(200);
    expect(json(await loginAs(t.app, 'new@example.com', 'Passw0rd!'))).toMatchObject({ employerId: body.id, signUpState: 0 });
  });

  it('checks the phone against the chosen country, the country against the list, and every field', async () => {
    const nina = await fresh();
    const frenchPhone = await call('POST', '/api/employers', nina.token, { ...ACME, phoneNumber: '+33 6 12 34 56 78' });
    expectError(frenchPhone, 400, COMPANY_FORM_MESSAGES.phoneInvalid);
    expect(fieldErrors(frenchPhone)).toEqual([{ field: 'phoneNumber', message: COMPANY_FORM_MESSAGES.phoneInvalid }]);
    expectError(await call('POST', '/api/employers', nina.token, { ...ACME, phoneNumber: '12345' }), 400, COMPANY_FORM_MESSAGES.phoneInvalid);
    expectError(await call('POST', '/api/employers', nina.token, { ...ACME, countryCode: 'ZZ' }), 400, COMPANY_FORM_MESSAGES.countryInvalid);
    // The same French number is fine for a French company.
    const fr = await call('POST', '/api/employers', nina.token, { ...ACME, phoneNumber: '06 12 34 56 78', countryCode: 'fr' });
    expect(fr.statusCode, fr.body).toBe(201);
    expect(json<{ company: { countryCode: { alpha2Code: string } } }>(fr).company.countryCode.alpha2Code).toBe('FR');
  });

  it('names every missing field with its message', async () => {
    const nina = await fresh();
    const res = await call('POST', '/api/employers', nina.token, {});
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { field: 'name', message: COMPANY_FORM_MESSAGES.nameRequired },
        { field: 'email', message: COMPANY_FORM_MESSAGES.emailInvalid },
        { field: 'phoneNumber', message: COMPANY_FORM_MESSAGES.phoneRequired },
      ]),
    );
    expectError(await call('POST', '/api/employers', nina.token, { ...ACME, name: 'x'.repeat(300) }), 400, COMPANY_FORM_MESSAGES.nameMax);
    expect(await t.ctx.db.select().from(companies).where(eq(companies.name, 'x'.repeat(300)))).toEqual([]);
  });

  it('creates one company per employer, and only employers create', async () => {
    expectError(await call('POST', '/api/employers', w.erin.token, ACME), 409, MESSAGES.company.alreadySetUp);
    expectError(await call('POST', '/api/employers', w.superToken, ACME), 403, MESSAGES.common.forbidden);
    expectError(await call('POST', '/api/employers', undefined, ACME), 401, MESSAGES.common.unauthorized);
    expect(await t.ctx.db.select().from(companies)).toHaveLength(2);
  });
});

describe('PUT /api/employers', () => {
  it('updates the own company with the same checks', async () => {
    const res = await call('PUT', '/api/employers', w.erin.token, { ...ACME, id: w.acme, name: 'Acme Group', phoneNumber: '+44 20 7946 0958' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: MESSAGES.company.saved, id: w.acme, company: { name: 'Acme Group', phoneNumber: '+44 20 7946 0958' } });
    expectError(await call('PUT', '/api/employers', w.erin.token, { ...ACME, id: w.acme, phoneNumber: '0612345678', countryCode: 'GB' }), 400, COMPANY_FORM_MESSAGES.phoneInvalid);
  });
});

describe('locations', () => {
  it('adds, updates and removes with the spec messages', async () => {
    const add = await call('POST', `/api/employers/${w.acme}/location`, w.erin.token, { addressLine1: '2 Park Row', town: 'Leeds', postalCode: 'ls1 5hd' });
    expect(add.statusCode).toBe(201);
    const added = json<{ id: string }>(add);
    expect(added).toMatchObject({ success: true, message: MESSAGES.company.locationAdded, signUpState: 1, location: { addressLine1: '2 Park Row', addressLine2: null } });
    const upd = await call('PUT', '/api/employers/location', w.erin.token, { id: added.id, addressLine1: '3 Park Row', addressLine2: 'Floor 2', town: 'Leeds', postalCode: 'LS1 5HD' });
    expect(json(upd)).toMatchObject({ success: true, message: MESSAGES.company.locationUpdated, id: added.id, location: { addressLine1: '3 Park Row', addressLine2: 'Floor 2' } });
    const del = await call('DELETE', `/api/employers/location/${added.id}`, w.erin.token);
    expect(json(del)).toEqual({ success: true, message: MESSAGES.company.locationRemoved });
    const company = json<{ company: { locations: { id: string }[] } }>(await call('GET', `/api/employers/${w.acme}`, w.erin.token)).company;
    expect(company.locations.map((l) => l.id)).toEqual([w.acmeLocation]);
  });

  it('refuses to remove the last office location, also when two removals race', async () => {
    expectError(await call('DELETE', `/api/employers/location/${w.acmeLocation}`, w.erin.token), 409, MESSAGES.company.lastLocation);
    expectError(await call('DELETE', `/api/employers/location/${w.acmeLocation}`, w.superToken), 409, MESSAGES.company.lastLocation);
    const second = json<{ id: string }>(await call('POST', `/api/employers/${w.acme}/location`, w.erin.token, LEEDS));
    const both = await Promise.all([
      call('DELETE', `/api/employers/location/${w.acmeLocation}`, w.erin.token),
      call('DELETE', `/api/employers/location/${second.id}`, w.erin.token),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(locations).where(eq(locations.companyId, w.acme))).toHaveLength(1);
  });

  it("checks the postal code against the company's country and requires the fields", async () => {
    const bad = await call('POST', `/api/employers/${w.acme}/location`, w.erin.token, { ...LEEDS, postalCode: '75001' });
    expectError(bad, 400, COMPANY_FORM_MESSAGES.postalCodeInvalid);
    expect(fieldErrors(bad)).toEqual([{ field: 'postalCode', message: COMPANY_FORM_MESSAGES.postalCodeInvalid }]);
    expectError(await call('PUT', '/api/employers/location', w.erin.token, { ...LEEDS, id: w.acmeLocation, postalCode: 'NOPE 123' }), 400, COMPANY_FORM_MESSAGES.postalCodeInvalid);
    const missing = await call('POST', `/api/employers/${w.acme}/location`, w.erin.token, {});
    expect(fieldErrors(missing)).toEqual(
      expect.arrayContaining([
        { field: 'addressLine1', message: COMPANY_FORM_MESSAGES.addressLine1Required },
        { field: 'town', message: COMPANY_FORM_MESSAGES.townRequired },
        { field: 'postalCode', message: COMPANY_FORM_MESSAGES.postalCodeRequired },
      ]),
    );
    // A French company takes French codes and refuses British ones.
    expect((await call('POST', `/api/employers/${w.globex}/location`, w.gus.token, { ...LEEDS, town: 'Paris', postalCode: '75001' })).statusCode).toBe(201);
    expectError(await call('POST', `/api/employers/${w.globex}/location`, w.gus.token, LEEDS), 400, COMPANY_FORM_MESSAGES.postalCodeInvalid);
    expect(await t.ctx.db.select().from(locations)).toHaveLength(2);
  });
});

describe('the sign-up state machine', () => {
  it('walks 0 -> 1 -> 2 -> 3 on the server and refuses every skip', async () => {
    const nina = await fresh();
    const c = json<{ id: string; company: { signUpState: number } }>(await call('POST', '/api/employers', nina.token, ACME));
    expect(c.company.signUpState).toBe(0);
    // State 0: neither incentives nor completion, and nothing is stored.
    expectError(await call('POST', `/api/incentives/employers/${c.id}/incentive`, nina.token, REWARDS), 400, MESSAGES.setup.addLocation);
    expect(await t.ctx.db.select().from(incentives).where(eq(incentives.companyId, c.id))).toEqual([]);
    expectError(await call('POST', `/api/employers/${c.id}/complete-setup`, nina.token), 400, MESSAGES.company.incentivesFirst);
    expect((await companyRow(c.id))!.signUpState).toBe(0);
    // A location after the company: 0 -> 1.
    expect(json(await call('POST', `/api/employers/${c.id}/location`, nina.token, LEEDS))).toMatchObject({ signUpState: 1 });
    expect(json(await loginAs(t.app, 'new@example.com', 'Passw0rd!'))).toMatchObject({ signUpState: 1, userSignUpState: 1 });
    expectError(await call('POST', `/api/employers/${c.id}/complete-setup`, nina.token), 400, MESSAGES.company.incentivesFirst);
    // Incentives: 1 -> 2; saving them again keeps 2.
    const inc = await call('POST', `/api/incentives/employers/${c.id}/incentive`, nina.token, REWARDS);
    expect(inc.statusCode).toBe(200);
    expect(json(inc)).toEqual({ success: true, message: MESSAGES.company.incentiveSaved, incentive: REWARDS, signUpState: 2 });
    expect(json(await call('POST', `/api/incentives/employers/${c.id}/incentive`, nina.token, { ...REWARDS, numberOfTrips: '12' }))).toMatchObject({ signUpState: 2, incentive: { numberOfTrips: 12 } });
    expect(json(await loginAs(t.app, 'new@example.com', 'Passw0rd!'))).toMatchObject({ signUpState: 2 });
    // Step 3 left: 2 -> 3, and again is harmless.
    expect(json(await call('POST', `/api/employers/${c.id}/complete-setup`, nina.token))).toEqual({ success: true, message: MESSAGES.common.ok, signUpState: 3 });
    expect(json(await call('POST', `/api/employers/${c.id}/complete-setup`, nina.token))).toMatchObject({ signUpState: 3 });
    expect(json(await loginAs(t.app, 'new@example.com', 'Passw0rd!'))).toMatchObject({ signUpState: 3, userSignUpState: 3 });
    // Later edits never move the state back.
    await call('POST', `/api/employers/${c.id}/location`, nina.token, { ...LEEDS, addressLine1: '2 Park Row' });
    await call('DELETE', `/api/employers/location/${json<{ company: { locations: { id: string }[] } }>(await call('GET', `/api/employers/${c.id}`, nina.token)).company.locations[0]!.id}`, nina.token);
    expect((await companyRow(c.id))!.signUpState).toBe(3);
  });

  it('reads incentives back: null before, the saved rules after', async () => {
    expect(json(await call('GET', `/api/employers/${w.acme}/incentive`, w.erin.token))).toEqual({ success: true, message: MESSAGES.common.ok, incentive: null });
    await call('POST', `/api/incentives/employers/${w.acme}/incentive`, w.erin.token, REWARDS);
    expect(json(await call('GET', `/api/employers/${w.acme}/incentive`, w.erin.token))).toMatchObject({ incentive: REWARDS });
  });

  it('validates the incentive numbers', async () => {
    const res = await call('POST', `/api/incentives/employers/${w.acme}/incentive`, w.erin.token, { ...REWARDS, numberOfMiles: -1 });
    expectError(res, 400, COMPANY_FORM_MESSAGES.numberInvalid);
    expect((await companyRow(w.acme))!.signUpState).toBe(1);
  });

  it('answers "Company ID is missing." for a missing, blank, "undefined" or "null" id', async () => {
    for (const url of [
      '/api/incentives/employers//incentive',
      '/api/incentives/employers/incentive',
      '/api/incentives/employers/undefined/incentive',
      '/api/incentives/employers/null/incentive',
      '/api/incentives/employers/%20/incentive',
    ]) {
      expectError(await call('POST', url, w.erin.token, REWARDS), 400, MESSAGES.company.companyIdMissing);
    }
    expect(await t.ctx.db.select().from(incentives)).toEqual([]);
  });
});

describe('tenancy', () => {
  it("keeps another company's employer out of this company, its locations and its incentive", async () => {
    await call('POST', `/api/incentives/employers/${w.acme}/incentive`, w.erin.token, REWARDS);
    const before = json(await call('GET', `/api/employers/${w.acme}`, w.erin.token));
    const gus = w.gus.token;
    const attempts = [
      call('GET', `/api/employers/${w.acme}`, gus),
      call('PUT', '/api/employers', gus, { ...ACME, id: w.acme, name: 'Taken Over' }),
      call('POST', `/api/employers/${w.acme}/location`, gus, LEEDS),
      call('PUT', '/api/employers/location', gus, { ...LEEDS, id: w.acmeLocation, town: 'Elsewhere' }),
      call('DELETE', `/api/employers/location/${w.acmeLocation}`, gus),
      call('GET', `/api/employers/${w.acme}/incentive`, gus),
      call('POST', `/api/incentives/employers/${w.acme}/incentive`, gus, { ...REWARDS, generalRewardDescription: 'Nothing' }),
      call('POST', `/api/employers/${w.acme}/complete-setup`, gus),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    expect(json(await call('GET', `/api/employers/${w.acme}`, w.erin.token))).toEqual(before);
  });

  it('lets a super admin manage any company', async () => {
    expect((await call('PUT', '/api/employers', w.superToken, { ...ACME, id: w.acme, name: 'Acme (checked)' })).statusCode).toBe(200);
    expect((await call('POST', `/api/employers/${w.globex}/location`, w.superToken, { ...LEEDS, postalCode: '69001' })).statusCode).toBe(201);
    expect((await call('POST', `/api/incentives/employers/${w.globex}/incentive`, w.superToken, REWARDS)).statusCode).toBe(200);
    expect((await call('GET', `/api/employers/${w.globex}/incentive`, w.superToken)).statusCode).toBe(200);
  });
});

describe('deactivate, reactivate, delete (super admin)', () => {
  it('refuses employers and admins with 403', async () => {
    expectError(await call('POST', `/api/employers/${w.acme}/deactivate`, w.erin.token, { reason: 'x' }), 403, MESSAGES.common.forbidden);
    expectError(await call('POST', `/api/employers/${w.acme}/reactivate`, w.erin.token), 403, MESSAGES.common.forbidden);
    expectError(await call('DELETE', `/api/employers/${w.acme}`, w.erin.token), 403, MESSAGES.common.forbidden);
    expectError(await call('GET', '/api/employers', w.erin.token), 403, MESSAGES.common.forbidden);
    expect((await companyRow(w.acme))!.isActive).toBe(true);
  });

  it('needs a reason, stores it with who and when, ends live sessions at once and blocks login until reactivated', async () => {
    expectError(await call('POST', `/api/employers/${w.acme}/deactivate`, w.superToken, { reason: '  ' }), 400, MESSAGES.employees.deactivationReason);
    expectError(await call('POST', `/api/employers/${w.acme}/deactivate`, w.superToken, {}), 400, MESSAGES.employees.deactivationReason);
    // A browser session too, not only the bearer one.
    const cookieToken = json<{ token: string }>(await loginAs(t.app, 'erin@acme.test', 'Passw0rd!')).token;
    // An admin user of the company as well as its employer.
    const { token: adaToken } = await adminOf(t, w.acme, 'ada@acme.test', 'Ada');
    expect((await call('GET', `/api/employers/${w.acme}/incentive`, adaToken)).statusCode).toBe(200);
    const res = await call('POST', `/api/employers/${w.acme}/deactivate`, w.superToken, { reason: 'Contract ended' });
    expect(json(res)).toEqual({ success: true, message: MESSAGES.company.deactivated });
    const row = (await companyRow(w.acme))!;
    expect(row).toMatchObject({ isActive: false, deactivationReason: 'Contract ended' });
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    const [superUser] = await t.ctx.db.select().from(users).where(eq(users.email, TEST_SUPERADMIN.email));
    expect(row.deactivatedBy).toBe(superUser!.id);
    expectError(await call('GET', `/api/employers/${w.acme}/incentive`, w.erin.token), 401, MESSAGES.common.unauthorized);
    expect((await t.app.inject({ method: 'GET', url: `/api/employers/${w.acme}/incentive`, ...browser(cookieToken) })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, w.erin.id))).toEqual([]);
    expectError(await loginAs(t.app, 'erin@acme.test', 'Passw0rd!'), 403, MESSAGES.login.companyDeactivated);
    expectError(await call('GET', `/api/employers/${w.acme}/incentive`, adaToken), 401, MESSAGES.common.unauthorized);
    expectError(await loginAs(t.app, 'ada@acme.test', 'Admin-pass1'), 403, MESSAGES.login.companyDeactivated);
    // Other companies carry on.
    expect((await call('GET', `/api/employers/${w.globex}`, w.gus.token)).statusCode).toBe(200);

    expect(json(await call('POST', `/api/employers/${w.acme}/reactivate`, w.superToken))).toEqual({ success: true, message: MESSAGES.company.reactivated });
    expect((await companyRow(w.acme))!).toMatchObject({ isActive: true, deactivationReason: null });
    const again = await loginAs(t.app, 'erin@acme.test', 'Passw0rd!');
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/api/employers/${w.acme}`, json<{ token: string }>(again).token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown company', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/employers/${unknown}/deactivate`, w.superToken, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/employers/${unknown}/reactivate`, w.superToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/employers/${unknown}`, w.superToken)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/employers/nope', w.superToken)).statusCode).toBe(404);
  });

  it("deletes the company with its locations, incentive, users (employees included) and sessions, and nothing else", async () => {
    await call('POST', `/api/incentives/employers/${w.acme}/incentive`, w.erin.token, REWARDS);
    const [emp] = await t.ctx.db
      .insert(users)
      .values({ email: 'eve@acme.test', passwordHash: await hashPassword('Employee-1'), name: 'Eve', role: 'Employee', companyId: w.acme })
      .returning();
    await t.ctx.db.insert(vehicles).values({ userId: emp!.id, make: 'Ford', model: 'Focus', registrationNumber: 'YA19 ABC' });
    const res = await call('DELETE', `/api/employers/${w.acme}`, w.superToken);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.company.deleted });
    expect(await companyRow(w.acme)).toBeUndefined();
    expect(await t.ctx.db.select().from(locations).where(eq(locations.companyId, w.acme))).toEqual([]);
    expect(await t.ctx.db.select().from(incentives).where(eq(incentives.companyId, w.acme))).toEqual([]);
    expect(await t.ctx.db.select().from(users).where(eq(users.companyId, w.acme))).toEqual([]);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, emp!.id))).toEqual([]);
    expect(await t.ctx.db.select().from(vehicles).where(eq(vehicles.userId, emp!.id))).toEqual([]);
    expect(await t.ctx.db.select().from(employerUsers).where(eq(employerUsers.userId, w.erin.id))).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, w.erin.id))).toEqual([]);
    expectError(await call('GET', `/api/employers/${w.acme}/incentive`, w.erin.token), 401, MESSAGES.common.unauthorized);
    expectError(await loginAs(t.app, 'erin@acme.test', 'Passw0rd!'), 400, MESSAGES.login.failed);
    expect((await call('GET', `/api/employers/${w.globex}`, w.gus.token)).statusCode).toBe(200);
  });

  it('deletes in one transaction: a failure part-way leaves everything in place', async () => {
    // A row that refuses the deletion of Erin's user, after the sessions have already been deleted.
    await t.ctx.db.execute(sql.raw('create table delete_blocker (user_id uuid references users(id))'));
    try {
      await t.ctx.db.execute(sql`insert into delete_blocker values (${w.erin.id})`);
      expect((await call('DELETE', `/api/employers/${w.acme}`, w.superToken)).statusCode).toBe(500);
      expect(await companyRow(w.acme)).toBeDefined();
      expect(await t.ctx.db.select().from(locations).where(eq(locations.companyId, w.acme))).toHaveLength(1);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, w.erin.id))).not.toEqual([]);
      expect((await call('GET', `/api/employers/${w.acme}`, w.erin.token)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.execute(sql.raw('drop table delete_blocker'));
    }
  });
});

describe('GET /api/employers (All Employers)', () => {
  beforeEach(async () => {
    const db = t.ctx.db;
    await db.insert(companies).values([
      { name: 'Initech', email: 'info@initech.test', phoneNumber: '0113 496 0000', isActive: false, deactivationReason: 'Left' },
      { name: 'Umbrella plc', email: 'CONTACT@umbrella.test', phoneNumber: '+44 161 496 0000' },
    ]);
    await db.insert(users).values([
      { email: 'e1@acme.test', passwordHash: 'x', name: 'E1', role: 'Employee', companyId: w.acme },
      { email: 'e2@acme.test', passwordHash: 'x', name: 'E2', role: 'Employee', companyId: w.acme },
    ]);
  });

  const list = async (query: string) => {
    const res = await call('GET', `/api/employers${query}`, w.superToken);
    expect(res.statusCode, res.body).toBe(200);
    return employerPageSchema.parse(json(res));
  };

  it('lists every company, newest first, with its locations and employee count', async () => {
    const page = await list('');
    expect(page).toMatchObject({ totalCount: 4, pageNumber: 1, pageSize: 10, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
    const acme = page.items.find((i) => i.id === w.acme)!;
    expect(acme).toMatchObject({ name: 'Acme Ltd', employeeCount: 2, signUpState: 1, countryCode: { alpha2Code: 'GB' }, locations: [{ id: w.acmeLocation, town: 'Leeds' }] });
    expect(page.items.find((i) => i.id === w.globex)).toMatchObject({ employeeCount: 0, locations: [] });
  });

  it('searches name, email and phone without regard to case', async () => {
    expect((await list('?search=ACME')).items.map((i) => i.name)).toEqual(['Acme Ltd']);
    expect((await list('?search=contact%40UMBRELLA')).items.map((i) => i.name)).toEqual(['Umbrella plc']);
    expect((await list('?search=0113%20496')).items.map((i) => i.name)).toEqual(['Initech']);
    expect((await list('?search=161496')).items.map((i) => i.name)).toEqual(['Umbrella plc']);
    expect((await list('?search=%25')).totalCount).toBe(0);
    expect((await list('?search=nothing-like-this')).items).toEqual([]);
  });

  it('filters by status and pages', async () => {
    expect((await list('?status=Deactivated')).items.map((i) => i.name)).toEqual(['Initech']);
    expect((await list('?status=Active')).totalCount).toBe(3);
    expect((await list('?status=All')).totalCount).toBe(4);
    const p2 = await list('?pageSize=3&pageNumber=2');
    expect(p2).toMatchObject({ totalCount: 4, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    expect(p2.items).toHaveLength(1);
    const beyond = await list('?pageSize=3&pageNumber=5');
    expect(beyond).toMatchObject({ items: [], totalCount: 4, hasNextPage: false });
    expect((await call('GET', '/api/employers?status=Sleeping', w.superToken)).statusCode).toBe(400);
  });
});
