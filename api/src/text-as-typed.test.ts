import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, employeePageSchema, journeyGroupSchema, nameKey, type EmployeePage } from '@portal/shared-contracts';
import { companies, journeyGroups, users } from './db/schema';
import { causes } from './db/errors';
import { isUniqueViolation, rows } from './db/sql';
import { acmeAndGlobex, makeEmployee } from './test/trips-world';
import { bearer, json, oneATurn, superAdminToken, useTestApp } from './test/test-support';

/**
 * Text as people type it (docs/api.md, "Text"), through the api and in the database: names are kept
 * in NFC whoever writes them, a journey group's name is one name whatever its case or Unicode form
 * (held by a unique index, so racing writers cannot slip past), and a search finds a name however
 * either was typed.
 */
const t = useTestApp();

const COMPOSED = 'Caf\u00e9 Riders';
const DECOMPOSED = 'Cafe\u0301 Riders';

let w: { acme: string; globex: string; boss: string; rival: string };

beforeEach(async () => {
  await t.reset();
  w = await acmeAndGlobex(t.ctx.db);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('journey group names: one name whatever its case and Unicode form', () => {
  it('refuses "Café Riders" typed decomposed, or in lower case, once it exists precomposed (409), and stores NFC', async () => {
    const first = await call('POST', '/api/journey-groups', w.boss, { name: COMPOSED });
    expect(first.statusCode, first.body).toBe(201);
    // Upper-case É in both forms too: the database's own `lower` leaves it as it is under a C
    // collation (the test clusters', PGlite's), so only a key computed outside it makes it one name.
    for (const name of [DECOMPOSED, 'caf\u00e9 riders', 'cafe\u0301 riders', 'CAF\u00c9 RIDERS', 'CAFE\u0301 RIDERS']) {
      const dup = await call('POST', '/api/journey-groups', w.boss, { name });
      expect(dup.statusCode, JSON.stringify(name)).toBe(409);
      expect(json(dup)).toMatchObject({ success: false, message: MESSAGES.journeyGroups.nameTaken });
    }
    // The other way round: created decomposed, kept precomposed, and the precomposed one is taken.
    const other = await call('POST', '/api/journey-groups', w.rival, { name: DECOMPOSED });
    expect(journeyGroupSchema.parse(json<{ group: unknown }>(other).group).name).toBe(COMPOSED);
    expect((await call('POST', '/api/journey-groups', w.rival, { name: COMPOSED })).statusCode).toBe(409);
    // A rename onto another group's name, in another form, is the same conflict.
    const leeds = journeyGroupSchema.parse(json<{ group: unknown }>(await call('POST', '/api/journey-groups', w.boss, { name: 'Leeds' })).group);
    expect((await call('PUT', `/api/journey-groups/${leeds.id}`, w.boss, { name: DECOMPOSED })).statusCode).toBe(409);
  });

  it('holds in the database: two writers racing with the two forms make one group, and a write past the api is refused too', async () => {
    const results = await oneATurn(2, (i) => call('POST', '/api/journey-groups', w.boss, { name: i === 0 ? COMPOSED : DECOMPOSED }));
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0)).sort();
    expect(statuses).toEqual([201, 409]);
    // Past the api, a writer gives the key as the api computes it (the column has no default), and
    // the unique index refuses it whatever the database's collation makes of "CAFÉ".
    const name = 'CAFE\u0301 riders';
    const inserted = await t.ctx.db
      .insert(journeyGroups)
      .values({ companyId: w.acme, name, nameKey: nameKey(name) })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(inserted)).toBe(true);
    const keyless = await t.ctx.db.execute(sql`insert into journey_groups (company_id, name) values (${w.acme}, 'Leeds')`).then(
      () => 'inserted',
      (err: unknown) => [...causes(err)].map((e) => (e as { code?: unknown }).code).find(Boolean),
    );
    expect(keyless).toBe('23502');
    const [n] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from journey_groups where company_id = ${w.acme}`);
    expect(n!.n).toBe(1);
  });

  it('refuses a name of invisible characters as an empty one, and a direction control with its message', async () => {
    for (const [name, message] of [
      ['\u200B\u200C\u200D\uFEFF', MESSAGES.journeyGroups.nameRequired],
      [' \u2060 \u00A0', MESSAGES.journeyGroups.nameRequired],
      ['Leeds\u202Etnec', MESSAGES.input.bidiControl],
    ] as const) {
      const res = await call('POST', '/api/journey-groups', w.boss, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message, errors: [{ field: 'name', message }] });
    }
    expect((await call('POST', '/api/journey-groups', w.boss, { name: 'Leeds', meetingPoints: ['\u200B'] })).statusCode).toBe(400);
  });
});

describe('names of people, companies and offices', () => {
  it('are stored in NFC whoever writes them: the api, or SQL past it', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: `/api/employees/employers/${w.acme}/employees`,
      payload: { firstName: 'Zoe\u0308', lastName: 'Ma\u0301rquez', email: 'zoe@acme.test', employeeNumber: 'E-9', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    await t.ctx.db.insert(users).values({ email: 'noel@acme.test', passwordHash: '!', name: 'Noe\u0308l Past', role: 'Employee', companyId: w.acme, firstName: 'Noe\u0308l', lastName: 'Past' });
    const people = await rows<{ first_name: string; last_name: string; name: string; search_text: string }>(
      t.ctx.db,
      sql`select first_name, last_name, name, search_text from users where company_id = ${w.acme} and role = 'Employee' order by email`,
    );
    expect(people.map((p) => [p.first_name, p.last_name, p.name])).toEqual([
      ['Noël', 'Past', 'Noël Past'],
      ['Zoë', 'Márquez', 'Zoë Márquez'],
    ]);
    for (const p of people) expect(p.search_text, p.search_text).toBe(p.search_text.normalize('NFC'));
    // An update past the api as well.
    await t.ctx.db.execute(sql`update users set last_name = ${'Pa\u0301st'} where email = 'noel@acme.test'`);
    const [noel] = await rows<{ last_name: string }>(t.ctx.db, sql`select last_name from users where email = 'noel@acme.test'`);
    expect(noel!.last_name).toBe('Pást');
  });

  it('refuse invisible-only and direction controls, with the field\'s messages', async () => {
    const person = { lastName: 'Lee', email: 'ann@acme.test', employeeNumber: 'E-1', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' };
    const selfRegister = (firstName: string) => t.app.inject({ method: 'POST', url: `/api/employees/employers/${w.acme}/employees`, payload: { ...person, firstName } });
    expect(json(await selfRegister('\u200B\u200D'))).toMatchObject({ success: false, message: MESSAGES.employeeSignup.firstNameRequired });
    expect(json(await selfRegister('Ann\u2067x'))).toMatchObject({ success: false, message: MESSAGES.input.bidiControl });
    const company = await call('PUT', '/api/employers', w.boss, { id: w.acme, name: '\uFEFF\u200B', email: 'hello@acme.test', phoneNumber: '0113 496 0000', countryCode: 'GB' });
    expect(company.statusCode).toBe(400);
    expect(json(company)).toMatchObject({ message: 'Company name is required.' });
    const office = await call('POST', `/api/employers/${w.acme}/location`, w.boss, { addressLine1: '1 Park Row', town: 'Leeds\u202B', postalCode: 'LS1 5AB' });
    expect(office.statusCode).toBe(400);
    expect(json(office)).toMatchObject({ message: MESSAGES.input.bidiControl });
    const rows0 = await rows<{ n: number }>(t.ctx.db, sql`select (select count(*) from users where company_id = ${w.acme} and role = 'Employee')::int + (select count(*) from locations)::int as n`);
    expect(rows0[0]!.n).toBe(0);
  });
});

describe('search: "Zoë" found however it was typed', () => {
  async function search(term: string): Promise<EmployeePage> {
    const res = await call('GET', `/api/employees?search=${encodeURIComponent(term)}`, w.boss);
    expect(res.statusCode, res.body).toBe(200);
    return employeePageSchema.parse(json(res));
  }

  it('through the trigram index (3+ characters) and the gram counters and index (1 or 2), in either form, any case', async () => {
    await makeEmployee(t.ctx.db, w.acme, 'Zoe\u0308', 'Adams');
    await makeEmployee(t.ctx.db, w.acme, 'Zo\u00eb', 'Baker');
    await makeEmployee(t.ctx.db, w.acme, 'Zoe', 'Clark');
    for (const term of ['Zo\u00eb', 'Zoe\u0308', 'zo\u00eb', 'ZO\u00cb'.toLowerCase(), 'o\u00eb', 'oe\u0308', '\u00eb', 'e\u0308']) {
      const found = await search(term);
      expect(found.items.map((e) => e.lastName), JSON.stringify(term)).toEqual(['Adams', 'Baker']);
      expect(found.totalCount, JSON.stringify(term)).toBe(2);
    }
    // A term of invisible characters is no search at all.
    expect((await search('\u200B')).totalCount).toBe(3);
    // The employees' names are answered in NFC, as they are stored.
    expect((await search('Adams')).items[0]!.firstName).toBe('Zo\u00eb');
  });

  it('the back office searches (users, employers, drivers) put the term in NFC as the names are', async () => {
    await makeEmployee(t.ctx.db, w.acme, 'Zoe\u0308', 'Adams', { car: true });
    // A company's name is NFC as the forms store it (and migration 0017 made the older ones).
    await t.ctx.db.update(companies).set({ name: 'Caf\u00e9 Co' }).where(sql`id = ${w.globex}`);
    const token = await superAdminToken(t.app);
    for (const [url, count] of [
      [`/api/users?search=${encodeURIComponent('zoe\u0308')}`, 1],
      [`/api/employers?search=${encodeURIComponent('Cafe\u0301')}`, 1],
      [`/api/drivers/page?search=${encodeURIComponent('Zoe\u0308')}`, 1],
    ] as const) {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ totalCount: number }>(res).totalCount, url).toBe(count);
    }
  });
});
