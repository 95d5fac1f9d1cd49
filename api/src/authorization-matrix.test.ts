import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_COOKIE, TRIAL, allEndpoints, buildPath, nameKey, restrictedAfterTrial, type AnyEndpoint } from '@portal/shared-contracts';
import { apiPlugin } from './app';
import { MATRIX, ROLES, type Expectations, type Fixture, type MatrixRole, type Outcome, type Sample } from './test/authorization-matrix';
import { adminOffices, companies, employerUsers, incentives, journeyGroupMembers, journeyGroups, locations, mailOutbox, passwordResetTokens, monthlyReportRecipients, scimTokens, ssoDomains, users, vehicles } from './db/schema';
import { rows } from './db/sql';
import { hashPassword } from './lib/passwords';
import { hashToken, newToken } from './lib/tokens';
import { createSession } from './lib/sessions';
import { enrolAt } from './test/billing-world';
import { memoryReleaseConsole } from './modules/releases/memory-port';
import { bearer, useTestApp, type Res } from './test/test-support';
import { TEST_SUPERADMIN } from './test/testing';

/**
 * Every endpoint of the contract's table x every kind of caller, against one fixture world of real
 * rows: company A (its employer, an admin, employees, a join request, offices, a journey group, a
 * driver, an invoice) and company B (its employer). The expected answers are declared in
 * `authorization-matrix.ts`; callers sign in with real sessions and send bearer tokens.
 */

const t = useTestApp();

const PASSWORD = 'Matrix-pass-1';

/** What company A's rows carry and no answer to employer B may contain. */
const A = {
  companyName: 'Alderley Works',
  companyEmail: 'office@matrix-a.test',
  employerEmail: 'owner@matrix-a.test',
  adminEmail: 'admin@matrix-a.test',
  employeeEmail: 'ada.lovelace@matrix-a.test',
  employeeName: 'Lovelace',
  officeLine: '7 Tenancy Row',
  journeyGroup: 'Alderley riders',
  feedback: 'Alderley lifts are punctual',
};

type World = Omit<Fixture, 'users'> & { users: Omit<Fixture['users'], 'employeeA' | 'employeeB'>; newCaller(company: 'A' | 'B'): Promise<string> };

let world: World;
/**
 * The api on the test database, with the overload guard off (a delay of 0 turns the check off): it
 * answers 503 while the event loop lags (a busy machine, the embedded database's own work), which
 * says nothing about who may call.
 */
let app: FastifyInstance;

/** Hashed once for the file: an argon2 hash per rebuild is time the machine is short of. */
let passwordHash: Promise<string> | undefined;

async function buildWorld(): Promise<World> {
  await t.reset();
  const db = t.ctx.db;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  let seq = 0;
  const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

  const company = async (name: string, email: string) =>
    (await db.insert(companies).values({ name, email, phoneNumber: '0113 496 0000', signUpState: 3 }).returning({ id: companies.id }))[0]!.id;
  const companyA = await company(A.companyName, A.companyEmail);
  const companyB = await company('Matrix B', 'office@matrix-b.test');

  const employerSide = async (companyId: string, email: string, role: 'Employer' | 'Admin') => {
    const [u] = await db.insert(users).values({ email, passwordHash: hash, name: `Boss ${email}`, role, companyId }).returning({ id: users.id });
    await db.insert(employerUsers).values({ userId: u!.id });
    return u!.id;
  };
  const employerA = await employerSide(companyA, A.employerEmail, 'Employer');
  const adminA = await employerSide(companyA, A.adminEmail, 'Admin');
  const employerB = await employerSide(companyB, 'owner@matrix-b.test', 'Employer');
  // An admin of A limited to an office of A where nobody works (docs/decisions/0051-office-administrators.md).
  const officeAdminA = await employerSide(companyA, 'office.admin@matrix-a.test', 'Admin');
  const [root] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${TEST_SUPERADMIN.email}`);
  // One password for every caller, so a body that names the current password fits them all.
  await db.update(users).set({ passwordHash: hash }).where(eq(users.id, root!.id));

  const employee = async (o: { email?: string; lastName?: string; active?: boolean; approved?: boolean; car?: boolean; verified?: boolean; companyId?: string } = {}) => {
    const u = unique();
    const [row] = await db
      .insert(users)
      .values({
        email: o.email ?? `emp.${u}@matrix.test`,
        passwordHash: hash,
        name: `Emma ${u}`,
        role: 'Employee',
        companyId: o.companyId ?? companyA,
        firstName: 'Emma',
        lastName: o.lastName ?? u,
        employeeNumber: `E-${u}`,
        isActive: o.active ?? true,
        isApproved: o.approved ?? true,
        isDriverVerified: o.verified ?? false,
      })
      .returning({ id: users.id });
    if (o.car) {
      await db
        .insert(vehicles)
        .values({ userId: row!.id, make: 'Ford', model: 'Focus', yearManufactured: 2019, color: 'Grey', registrationNumber: `MX${seq} ABC`, isVerified: o.verified ?? false });
    }
    return row!.id;
  };
  const office = async (companyId: string, addressLine1: string) =>
    (await db.insert(locations).values({ companyId, addressLine1, town: 'Leeds', postalCode: 'LS1 4DL' }).returning({ id: locations.id }))[0]!.id;
  const journeyGroup = async (name: string, companyId = companyA) =>
    (await db.insert(journeyGroups).values({ companyId, name, nameKey: nameKey(name), meetingPoints: ['Main gate'] }).returning({ id: journeyGroups.id }))[0]!.id;

  await office(companyA, A.officeLine);
  await office(companyA, '8 Tenancy Row');
  await office(companyB, '1 Other Street');
  const adminOffice = await office(companyA, '9 Scoped Row');
  await db.update(users).set({ officeLimited: true }).where(eq(users.id, officeAdminA));
  await db.insert(adminOffices).values({ userId: officeAdminA, companyId: companyA, officeId: adminOffice });
  await db.insert(incentives).values([
    { companyId: companyA, numberOfTrips: 10, numberOfMiles: 100 },
    { companyId: companyB, numberOfTrips: 5, numberOfMiles: 50 },
  ]);
  const paidFrom = new Date(Date.now() - 10 * 86_400_000);
  await enrolAt(db, companyA, paidFrom);
  await enrolAt(db, companyB, paidFrom);
  const [invoice] = await rows<{ id: string }>(db, sql`select id from invoices where company_id = ${companyA} limit 1`);

  const ada = await employee({ email: A.employeeEmail, lastName: A.employeeName });
  const driver = await employee({ car: true });
  const verifiedDriver = await employee({ car: true, verified: true });
  const group = await journeyGroup(A.journeyGroup);
  // Ada's group: of another office's people to the office admin, so out of their lists. (A group with
  // no members is in them, as theirs to manage: decision 0053.)
  await db.insert(journeyGroupMembers).values({ groupId: group, userId: ada });
  const outsider = await employee({ companyId: companyB });
  /** A trip waiting for review, as one the api flagged: Ada rides along in company A's. */
  const flaggedTrip = async (company: 'A' | 'B' = 'A') => {
    const [trip] = await rows<{ id: string }>(
      db,
      sql`insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, status, flags)
        values (${company === 'A' ? companyA : companyB}, ${company === 'A' ? verifiedDriver : outsider}, ${`flagged-${unique()}`}, now() - interval '2 days', 15000, 1,
          'flagged', '[{"reason":"dayDistance","dayHundredths":15000,"limitHundredths":12000}]'::jsonb)
        returning id`,
    );
    if (company === 'A') await db.execute(sql`insert into trip_passengers (trip_id, passenger_id) values (${trip!.id}, ${ada})`);
    return trip!.id;
  };
  await flaggedTrip();
  // A trip and feedback of company A, so its figures and lists are not empty.
  const driverToken = bearer((await createSession(db, verifiedDriver, false, { ip: '127.0.0.1' })).token);
  const trip = await app.inject({
    method: 'POST',
    url: '/api/trips',
    headers: driverToken,
    payload: { clientTripId: 'matrix-1', startedAt: new Date(Date.now() - 3_600_000).toISOString(), distanceMiles: 14, passengerIds: [ada], journeyGroupId: group },
  });
  const adaToken = bearer((await createSession(db, ada, false, { ip: '127.0.0.1' })).token);
  const feedback = await app.inject({ method: 'POST', url: '/api/feedbacks', headers: adaToken, payload: { feedbackText: A.feedback } });
  if (trip.statusCode !== 201 || feedback.statusCode !== 201) throw new Error(`fixture: trip ${trip.body}, feedback ${feedback.body}`);

  const now = new Date();
  return {
    companyA,
    companyB,
    users: { employerA, adminA, officeAdminA, employerB, superAdmin: root!.id },
    adminOffice,
    password: PASSWORD,
    employee: ada,
    employeeEmail: A.employeeEmail,
    outsider,
    driver,
    verifiedDriver,
    journeyGroup: group,
    groupOfB: await journeyGroup('Other riders', companyB),
    invoice: invoice!.id,
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
    unique,
    newPending: (c) => employee({ active: false, approved: false, companyId: c === 'B' ? companyB : companyA }),
    newEmployee: (o) => employee({ active: o?.active ?? true }),
    newDriver: () => employee({ car: true }),
    newOffice: () => office(companyA, `${unique()} Spare Street`),
    newJourneyGroup: async (members = []) => {
      const id = await journeyGroup(`Group ${unique()}`);
      if (members.length) await db.insert(journeyGroupMembers).values(members.map((userId) => ({ groupId: id, userId })));
      return id;
    },
    newAdmin: async () => employerSide(companyA, `admin.${unique()}@matrix-a.test`, 'Admin'),
    newFlaggedTrip: flaggedTrip,
    newResetToken: async () => {
      const id = await employee();
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
      const token = newToken();
      await db.insert(passwordResetTokens).values({ userId: id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 600_000) });
      return { email: u!.email, token };
    },
    newFailedMail: async () => {
      const [m] = await db
        .insert(mailOutbox)
        .values({ to: `bounced-${unique()}@example.com`, subject: 'Hello', text: 'Hello', kind: 'test', status: 'failed', attempts: 1, lastError: '550 No such user' })
        .returning({ id: mailOutbox.id });
      return m!.id;
    },
    // A verified driver: the mobile calls (a trip above all) reach past the driver's checks.
    newCaller: (c) => employee({ car: true, verified: true, companyId: c === 'A' ? companyA : companyB }),
    // A Category 7 report company A's employer produced (its id).
    newCategory7Report: async () => {
      const boss = bearer((await createSession(db, employerA, false, { ip: '127.0.0.1' })).token);
      const res = await app.inject({ method: 'GET', url: `/api/reports/category7?year=${now.getUTCFullYear()}&format=csv`, headers: boss });
      if (res.statusCode !== 200) throw new Error(`fixture: report ${res.body}`);
      return String(res.headers['x-report-id']);
    },
    newSsoDomain: async () => {
      const [d] = await db
        .insert(ssoDomains)
        .values({ companyId: companyA, domain: `sso-${unique()}.matrix-a.test`, verificationToken: newToken() })
        .returning({ id: ssoDomains.id });
      return d!.id;
    },
    newScimToken: async () => {
      const [tk] = await db
        .insert(scimTokens)
        .values({ companyId: companyA, name: `Matrix ${unique()}`, tokenHash: hashToken(newToken()) })
        .returning({ id: scimTokens.id });
      return tk!.id;
    },
    newReportRecipient: async () => {
      const [r] = await db
        .insert(monthlyReportRecipients)
        .values({ companyId: companyA, email: `report.${unique()}@matrix-a.test` })
        .returning({ id: monthlyReportRecipients.id });
      return r!.id;
    },
  };
}

/** One row of the matrix: the main request of an endpoint, or one of its probes. */
interface Row {
  label: string;
  expect: Expectations;
  sample?: (f: Fixture, role: MatrixRole) => Sample | Promise<Sample>;
}

/**
 * One call as `role`: a bearer token by default; `cookieWithoutHeader` signs in the way the portal
 * does (the session cookie) but leaves out the header the portal adds to state-changing calls.
 */
async function request(
  ep: AnyEndpoint,
  row: Row,
  role: MatrixRole,
  cookieWithoutHeader = false,
): Promise<{ res: Res; sample: Sample; headers: Record<string, string> }> {
  // An employee caller is fresh each time: a call may end their session, change their password or remove their car.
  const employeeA = role === 'employeeA' ? await world.newCaller('A') : world.employee;
  const employeeB = role === 'employeeB' ? await world.newCaller('B') : world.employee;
  const fixture: Fixture = { ...world, users: { ...world.users, employeeA, employeeB } };
  const sample: Sample = row.sample ? await row.sample(fixture, role) : {};
  const token = role === 'anonymous' ? null : (await createSession(t.ctx.db, fixture.users[role], false, { ip: '127.0.0.1' })).token;
  const headers: Record<string, string> = token && !cookieWithoutHeader ? bearer(token) : {};
  const cookies = token && cookieWithoutHeader ? { cookies: { [SESSION_COOKIE]: token } } : {};
  const query = sample.query ? Object.fromEntries(Object.entries(sample.query).map(([k, v]) => [k, String(v)])) : undefined;
  const url = buildPath(ep.path, sample.params);
  if (sample.csv !== undefined) {
    const boundary = `matrix${world.unique()}`;
    const field = ep.multipart?.field ?? 'file';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${sample.csv}\r\n--${boundary}--\r\n`;
    const res = await app.inject({ method: ep.method, url, query, payload, ...cookies, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    return { res, sample, headers };
  }
  const res = await app.inject({ method: ep.method, url, query, headers, ...cookies, ...(sample.body === undefined ? {} : { payload: sample.body as object }) });
  return { res, sample, headers };
}

/** A validation answer: the caller was let in and the body or the state said no. */
const VALIDATION = new Set([400, 409, 422]);

function matches(expected: Outcome, status: number): boolean {
  if (expected !== 'ok') return status === expected;
  // 303: a redirect endpoint (single sign-on's callback) sent the browser on.
  return (status >= 200 && status < 300) || status === 303 || VALIDATION.has(status);
}

function leaked(res: Res): string[] {
  const markers = [world.companyA, ...Object.values(A)];
  return markers.filter((m) => res.body.includes(m));
}

/** Employer B's read naming company A, made again naming company B: the answers must be the same. */
async function sameAsOwn(ep: AnyEndpoint, sample: Sample, headers: Record<string, string>, res: Res): Promise<string | null> {
  if (ep.method !== 'GET' || sample.query?.companyId !== world.companyA) return null;
  const query = Object.fromEntries(Object.entries({ ...sample.query, companyId: world.companyB }).map(([k, v]) => [k, String(v)]));
  const own = await app.inject({ method: 'GET', url: buildPath(ep.path, sample.params), query, headers });
  if (own.statusCode === res.statusCode && own.body === res.body) return null;
  return `employerB: naming company A answers otherwise (${res.statusCode}, ${res.body.length} bytes) than naming its own (${own.statusCode}, ${own.body.length} bytes)`;
}

const tally = { cases: 0, probes: 0, ok2xx: 0, okValidation: 0, 400: 0, 401: 0, 403: 0, 404: 0, wrong: 0 };
/** The `ok` cases answered by a validation 4xx, listed under the summary so none goes unseen. */
const validationAnswers: string[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(apiPlugin, { ctx: t.ctx, overload: { maxEventLoopDelayMs: 0 }, releaseConsole: memoryReleaseConsole() });
  await app.ready();
  world = await buildWorld();
});

afterAll(async () => {
  await app.close();
  const endpoints = allEndpoints().length;
  console.log(
    `authorization matrix: ${endpoints} endpoints x ${ROLES.length} roles, ${tally.cases} cases (${tally.probes} of them probes); ` +
      `ok ${tally.ok2xx + tally.okValidation} (${tally.ok2xx} 2xx, ${tally.okValidation} validation 4xx), ` +
      `400 ${tally[400]}, 401 ${tally[401]}, 403 ${tally[403]}, 404 ${tally[404]}; ${tally.wrong} not as declared` +
      (validationAnswers.length ? `\nvalidation answers: ${validationAnswers.join(', ')}` : ''),
  );
});

describe('authorization matrix', () => {
  it('declares every endpoint of the contract table', () => {
    const undeclared = allEndpoints()
      .map((e) => e.id)
      .filter((id) => !(id in MATRIX));
    expect(undeclared, 'declare these endpoints in api/src/test/authorization-matrix.ts').toEqual([]);
  });

  it('declares no endpoint the contract table no longer has', () => {
    const ids = new Set(allEndpoints().map((e) => e.id));
    expect(Object.keys(MATRIX).filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const ep of allEndpoints()) {
    it(`${ep.id}: ${ep.method} ${ep.path}`, async () => {
      const decl = MATRIX[ep.id];
      if (!decl) throw new Error(`${ep.id} is not declared in api/src/test/authorization-matrix.ts`);
      const wrong: string[] = [];
      const rows: Row[] = [
        { label: '', expect: decl.expect, ...(decl.sample ? { sample: decl.sample } : {}) },
        ...Object.entries(decl.probes ?? {}).map(([name, p]) => ({ label: ` (${name})`, expect: p.expect, sample: p.sample })),
      ];
      try {
        for (const row of rows) {
          for (const role of ROLES) {
            const { res, sample, headers } = await request(ep, row, role);
            const expected = row.expect[role];
            tally.cases += 1;
            if (row.label) tally.probes += 1;
            if (!matches(expected, res.statusCode)) {
              tally.wrong += 1;
              wrong.push(`${role}${row.label}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
              continue;
            }
            if (expected === 'ok') {
              if (VALIDATION.has(res.statusCode)) {
                tally.okValidation += 1;
                validationAnswers.push(`${ep.id}${row.label}/${role} ${res.statusCode}`);
              } else tally.ok2xx += 1;
            } else tally[expected] += 1;
            // A call about the caller's own company: company B's users must see nothing of company A.
            if ((role === 'employerB' || role === 'employeeB') && expected === 'ok' && row.expect.anonymous !== 'ok') {
              const found = leaked(res);
              if (found.length) wrong.push(`${role}${row.label}: answer carries company A's ${found.join(', ')}`);
              const differs = role === 'employerB' ? await sameAsOwn(ep, sample, headers, res) : null;
              if (differs) wrong.push(differs);
            }
            // An admin of an office where nobody works reads nothing of company A's people, groups or
            // feedback through the calls the office scope applies to (a public call answers anyone alike).
            if (role === 'officeAdminA' && expected === 'ok' && Array.isArray(ep.access)) {
              const found = [A.employeeName, A.employeeEmail, A.journeyGroup, A.feedback].filter((m) => res.body.includes(m));
              if (found.length) wrong.push(`${role}${row.label}: answer carries another office's ${found.join(', ')}`);
            }
          }
        }
      } finally {
        if (decl.ruinsWorld) world = await buildWorld();
      }
      expect(wrong).toEqual([]);
    });
  }

  // Last: were one of these let through, it could change the world the rows above read.
  it('refuses every state-changing call made with the session cookie but without the portal request header', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const ep of allEndpoints()) {
      const decl = MATRIX[ep.id];
      if (ep.method === 'GET' || ep.access === 'public' || !decl) continue;
      // A caller the endpoint lets in, so the refusal is the missing header's and nothing else's.
      const role = ROLES.find((r) => r !== 'anonymous' && decl.expect[r] === 'ok');
      if (!role) continue;
      const { res } = await request(ep, { label: '', expect: decl.expect, ...(decl.sample ? { sample: decl.sample } : {}) }, role, true);
      checked += 1;
      const message = res.statusCode === 403 ? (JSON.parse(res.body) as { message?: string }).message : undefined;
      if (message !== MESSAGES.common.csrf) wrong.push(`${ep.id} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    console.log(`authorization matrix: ${checked} state-changing endpoints refuse a cookie session without the request header`);
    expect(wrong).toEqual([]);
  });

  // After the rows above: it rebuilds the world and restricts company A.
  it("refuses every change of a company's users once its trial ended past the grace period unaccepted, and nothing else", async () => {
    world = await buildWorld();
    // Company A's subscription as a trial that ended before the grace period did (company B's stays paid).
    const restrict = () =>
      t.ctx.db.execute(sql`update subscriptions set status = 'Trial', payment_method = null, started_at = null, current_period_start = null,
          current_period_end = null, accepted_at = null, accepted_by = null,
          trial_started_at = now() - make_interval(days => ${TRIAL.defaultDays + TRIAL.graceDays + 1}),
          trial_ends_at = now() - make_interval(days => ${TRIAL.graceDays + 1})
        where company_id = ${world.companyA}`);
    const wrong: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const ep of allEndpoints()) {
      const decl = MATRIX[ep.id];
      if (!decl) continue;
      for (const role of ['employerA', 'adminA', 'employeeA'] as const) {
        if (decl.expect[role] !== 'ok') continue;
        await restrict();
        const { res } = await request(ep, { label: '', expect: decl.expect, ...(decl.sample ? { sample: decl.sample } : {}) }, role);
        if (restrictedAfterTrial(ep)) {
          refused += 1;
          const message = res.statusCode === 402 ? (JSON.parse(res.body) as { message?: string }).message : undefined;
          if (message !== MESSAGES.billing.restricted) wrong.push(`${ep.id} as ${role}: expected 402, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else {
          allowed += 1;
          if (res.statusCode === 402 || !matches('ok', res.statusCode)) wrong.push(`${ep.id} as ${role}: expected it let through, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`authorization matrix: a restricted company's users are refused ${refused} changes and let through ${allowed} calls`);
    expect(refused).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
    // A sweep of every endpoint a company's user may call, each after resetting the trial: minutes on a busy machine.
  }, 180_000);
});
