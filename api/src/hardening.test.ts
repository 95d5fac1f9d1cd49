import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_FORM_MESSAGES, MESSAGES } from '@portal/shared-contracts';
import { apiPlugin } from './app';
import { companies } from './db/schema';
import { bearer, employerOf, json, superAdminToken, useTestApp, type Res } from './test/test-support';

/**
 * What an anonymous prober can send: crafted addresses, NUL characters, broken multipart bodies and
 * numbers in every disguise. Each answers 4xx with a message, quickly, and never 5xx.
 */
const t = useTestApp();

let companyId: string;
let employer: string;
beforeEach(async () => {
  await t.reset();
  const [acme] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
  companyId = acme!.id;
  employer = (await employerOf(t, companyId, 'erin@acme.test')).token;
});

function expectRefused(res: Res, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ success: false, message });
}

describe('crafted addresses', () => {
  // The old email pattern backtracked over the whole address for every dot: 81 s for 256 KB.
  const crafted = `a@${'.'.repeat(256 * 1024)}@`;
  const cases: [string, () => string, Record<string, unknown>, string][] = [
    ['login', () => '/api/accounts/login', { password: 'x' }, MESSAGES.login.emailMax],
    ['forgot password', () => '/api/accounts/forgot-password', {}, MESSAGES.signup.emailMax],
    ['registration', () => '/api/accounts/register', { password: 'Passw0rd!', userName: 'Eve' }, MESSAGES.signup.emailMax],
    [
      'employee self-registration',
      () => `/api/employees/employers/${companyId}/employees`,
      { firstName: 'E', lastName: 'Ve', employeeNumber: 'E-1', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
      MESSAGES.employeeSignup.emailMax,
    ],
  ];

  it.each(cases)('%s answers 400 at once to a 256 KB address', async (_name, url, rest, message) => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: url(), payload: { ...rest, email: crafted } });
    const ms = performance.now() - started;
    expectRefused(res, 400, message);
    expect(json<{ errors: { field: string }[] }>(res).errors.filter((e) => e.field === 'email')).toHaveLength(1);
    // The backtracking pattern took 81 s; a length checked first takes milliseconds, a second or two
    // on a machine loaded 15 deep: the bound tells the two apart without timing the machine.
    expect(ms).toBeLessThan(5000);
  });
});

describe('lone surrogates', () => {
  // Half of a surrogate pair has no UTF-8 encoding: PostgreSQL refused it with a 500 (driver notes,
  // reset addresses). An emoji (a whole pair) is still welcome.
  const broken = { success: false, message: MESSAGES.common.brokenCharacter };

  it('in a JSON body field, a key or a nested array, while a whole emoji is stored', async () => {
    for (const payload of [
      { email: 'half@example.com', password: 'Passw0rd!', userName: 'A\ud83dB' },
      { email: 'half\udc00@example.com', password: 'Passw0rd!', userName: 'AB' },
      { email: 'half@example.com', password: 'Passw0rd!', userName: 'AB', ['x\udbff']: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toMatchObject(broken);
    }
    const forgot = await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'a\udc00b@example.com' } });
    expect(forgot.statusCode, forgot.body).toBe(400);
    expect(json(forgot)).toMatchObject({ ...broken, errors: [{ field: 'email', message: MESSAGES.common.brokenCharacter }] });
    const emoji = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { email: 'whole@example.com', password: 'Passw0rd!', userName: 'Ann \ud83d\ude97' } });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('in a search term', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/employees?search=a%ED%A0%80b', headers: bearer(employer) });
    // Bytes that decode to no character at all are replaced, not kept: the answer is a search, never a 500.
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('NUL characters', () => {
  const nul = { success: false, message: MESSAGES.common.nulCharacter };

  it('in a JSON body field, a key or a nested array', async () => {
    for (const payload of [
      { email: 'nul@example.com', password: 'Passw0rd!', userName: 'A\u0000B' },
      { email: 'nul@example.com', password: 'Passw0rd!\u0000', userName: 'AB' },
      { email: 'nul@example.com', password: 'Passw0rd!', userName: 'AB', ['x\u0000']: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toMatchObject(nul);
    }
    const rows = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: bearer(employer),
      payload: { employees: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@acme.test', employeeNumber: 'E\u00001' }] },
    });
    expect(rows.statusCode, rows.body).toBe(400);
    expect(json(rows)).toMatchObject(nul);
  });

  it('in a search term', async () => {
    const root = await superAdminToken(t.app);
    for (const [url, token] of [
      ['/api/employees?search=a%00b', employer],
      ['/api/employers?search=a%00b', root],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(json(res)).toMatchObject({ ...nul, errors: [{ field: 'search', message: MESSAGES.common.nulCharacter }] });
    }
  });

  it('in a path parameter', async () => {
    const root = await superAdminToken(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/employers/a%00b', headers: bearer(root) });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toMatchObject(nul);
  });
});

describe('multipart bodies', () => {
  const boundary = '----portal-probe';
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  const filePart = (name: string, content = 'firstName,lastName,email,employeeNumber\nA,B,a@acme.test,1\n') =>
    part(`Content-Disposition: form-data; name="${name}"; filename="employees.csv"\r\nContent-Type: text/csv`, content);
  const upload = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/employees/csv-import',
      payload: Buffer.from(body),
      headers: { ...bearer(employer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  const end = `--${boundary}--\r\n`;

  it('a truncated body (no closing boundary) is refused as incomplete', async () => {
    expectRefused(await upload(filePart('file').slice(0, -10)), 400, MESSAGES.employees.csvIncomplete);
    expectRefused(await upload(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\nContent-Type: text/csv\r\n`), 400, MESSAGES.employees.csvIncomplete);
  });

  it('no file part, a file under another name and a field name with a NUL ask for a file', async () => {
    expectRefused(await upload(part('Content-Disposition: form-data; name="note"', 'hello') + end), 400, MESSAGES.employees.csvSelect);
    expectRefused(await upload(end), 400, MESSAGES.employees.csvSelect);
    expectRefused(await upload(filePart('upload') + end), 400, MESSAGES.employees.csvSelect);
    expectRefused(await upload(filePart('fi\u0000le') + end), 400, MESSAGES.employees.csvSelect);
  });

  it('two files are refused and import nothing', async () => {
    expectRefused(await upload(filePart('file') + filePart('file') + end), 400, MESSAGES.employees.csvOneFile);
    const list = await t.app.inject({ method: 'GET', url: '/api/employees', headers: bearer(employer) });
    expect(json<{ totalCount: number }>(list).totalCount).toBe(0);
  });

  it('a NUL in a cell makes the file unreadable', async () => {
    expectRefused(await upload(filePart('file', 'firstName,lastName,email,employeeNumber\nA\u0000,B,a@acme.test,1\n') + end), 400, MESSAGES.employees.csvUnreadable);
  });

  it('a crafted address in a cell is refused at once', async () => {
    const started = performance.now();
    const res = await upload(filePart('file', `firstName,lastName,email,employeeNumber\nA,B,a@${'.'.repeat(256 * 1024)}@,1\n`) + end);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toMatchObject({ errors: [{ line: 2, field: 'email', message: MESSAGES.manualRow.emailMax }] });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a well-formed upload still imports', async () => {
    const res = await upload(filePart('file') + end);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('numbers', () => {
  const rules = { generalRewardDescription: 'Rewards', numberOfMiles: 10, numberOfMilesRewards: '', numberOfTrips: 5, numberOfTripsRewards: '' };
  const save = (body: object) => t.app.inject({ method: 'POST', url: `/api/incentives/employers/${companyId}/incentive`, headers: bearer(employer), payload: body });

  it.each([[[7]], ['0x10'], [true], [''], ['1e3'], [-1], [1.5], [null], ['12abc']])('a count of %j answers 400 with the field message', async (value) => {
    for (const field of ['numberOfMiles', 'numberOfTrips']) {
      const res = await save({ ...rules, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message: COMPANY_FORM_MESSAGES.numberInvalid, errors: [{ field, message: COMPANY_FORM_MESSAGES.numberInvalid }] });
    }
  });

  it('whole numbers, as JSON numbers or digits, are saved', async () => {
    const res = await save({ ...rules, numberOfMiles: 1000, numberOfTrips: '12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ incentive: { numberOfMiles: 1000, numberOfTrips: 12 } });
  });
});

describe('overload', () => {
  it('answers 503 with Retry-After and a message while the event loop stays held up', async () => {
    const app = Fastify({ logger: false });
    await app.register(apiPlugin, { ctx: t.ctx, overload: { maxEventLoopDelayMs: 20, sampleIntervalMs: 300, sustainedSamples: 2, retryAfterSeconds: 3 } });
    await app.ready();
    try {
      const me = () => app.inject({ method: 'GET', url: '/api/accounts/me' });
      expect((await me()).statusCode).toBe(401);
      // Busy for samples in a row: the loop runs only between blocks of 100 ms. Once two samples in a
      // row have seen it, the guard turns requests away; a request between two blocks sees it.
      let res = await me();
      for (const deadline = performance.now() + 6000; res.statusCode !== 503 && performance.now() < deadline; res = await me()) {
        const until = performance.now() + 100;
        while (performance.now() < until) {
          // Busy: nothing else runs.
        }
        await new Promise((r) => setImmediate(r));
      }
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
      expect(json(res)).toEqual({ success: false, message: MESSAGES.common.overloaded });
    } finally {
      await app.close();
    }
  });
});
