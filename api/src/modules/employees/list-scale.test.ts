import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { employeePageSchema } from '@portal/shared-contracts';
import { users } from '../../db/schema';
import { rows } from '../../db/sql';
import { seedDemoEmployees } from '../../demo/employees';
import { keepListAnswers } from './list-cache';
import { sortShortSearchesUpTo } from './search';
import { acmeAndGlobexLtd } from '../../test/employees-world';
import { bearer, employerRows, json, superAdminSession, useTestApp } from '../../test/test-support';

/**
 * The employee list at scale: its totals come from counters the database keeps in the transaction
 * of every write (they must stay exact whatever the write), and deep pages are read from the nearer
 * end of the list index (they must answer the rows a plain OFFSET would).
 */

const t = useTestApp();
let acme: string;
let globex: string;
let erin: string;
let root: string;

beforeEach(async () => {
  await t.reset();
  ({ acme, globex } = await acmeAndGlobexLtd(t.ctx.db));
  erin = (await employerRows(t.ctx.db, acme, 'erin@acme.test')).token;
  root = await superAdminSession(t.ctx.db);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = erin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

const totalOf = async (url: string, token = erin) => {
  const res = await call('GET', url, undefined, token);
  expect(res.statusCode, url).toBe(200);
  return json<{ totalCount: number }>(res).totalCount;
};

/** What the counters say and what counting the table says, per company, approval and status. */
async function countersAndTruth() {
  const key = (r: { company_id: string; is_approved: boolean; is_active: boolean; n: number | string }) => `${r.company_id} ${r.is_approved} ${r.is_active} ${Number(r.n)}`;
  const kept = await rows<{ company_id: string; is_approved: boolean; is_active: boolean; n: string }>(
    t.ctx.db,
    sql`select company_id, is_approved, is_active, n from employee_counts where n <> 0 order by 1, 2, 3`,
  );
  const real = await rows<{ company_id: string; is_approved: boolean; is_active: boolean; n: string }>(
    t.ctx.db,
    sql`select company_id, is_approved, is_active, count(*) as n from users where role = 'Employee' and company_id is not null group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { kept: kept.map(key), real: real.map(key) };
}

/** The counters equal a real count, and the list's totals (every status, pending, all companies) agree. */
async function expectExact(step: string) {
  const { kept, real } = await countersAndTruth();
  expect(kept, step).toEqual(real);
  const [truth] = await rows<{ all: number; active: number; deactivated: number; pending: number; everywhere: number }>(
    t.ctx.db,
    sql`select
      count(*) filter (where company_id = ${acme} and is_approved)::int as all,
      count(*) filter (where company_id = ${acme} and is_approved and is_active)::int as active,
      count(*) filter (where company_id = ${acme} and is_approved and not is_active)::int as deactivated,
      count(*) filter (where company_id = ${acme} and not is_approved)::int as pending,
      count(*) filter (where is_approved)::int as everywhere
    from users where role = 'Employee'`,
  );
  expect(
    {
      all: await totalOf('/api/employees'),
      active: await totalOf('/api/employees?status=active'),
      deactivated: await totalOf('/api/employees?status=deactivated'),
      pending: await totalOf('/api/employees/pending'),
      everywhere: await totalOf('/api/employees', root),
    },
    step,
  ).toEqual(truth);
}

function multipart(content: string) {
  const boundary = '----portal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(erin) } };
}

async function selfRegister(companyId: string, i: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/employees/employers/${companyId}/employees`,
    payload: { firstName: `Pat${i}`, lastName: 'Pending', email: `pat${i}@${companyId.slice(0, 8)}.test`, employeeNumber: `P-${i}`, password: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
  });
  expect(res.statusCode).toBe(201);
  return json<{ response: { id: string } }>(res).response.id;
}

const idOf = async (email: string) => (await rows<{ id: string }>(t.ctx.db, sql`select id from users where email = ${email}`))[0]!.id;

describe('employee list totals', () => {
  it('stay exact after every kind of write: sign-up, manual add, import, approve, reject, deactivate, reactivate, delete, bulk ones', async () => {
    await expectExact('empty');
    const pending = [];
    for (let i = 1; i <= 6; i++) pending.push(await selfRegister(acme, i));
    await selfRegister(globex, 1);
    await expectExact('self-registration');

    expect((await call('POST', '/api/employees', { employees: [1, 2, 3].map((i) => ({ firstName: `M${i}`, lastName: 'Manual', email: `m${i}@acme.test`, employeeNumber: `M-${i}` })) })).statusCode).toBe(201);
    await expectExact('manual add');

    const csv = ['firstName,lastName,email,employeeNumber', ...[1, 2, 3, 4].map((i) => `C${i},Csv,c${i}@acme.test,C-${i}`)].join('\n') + '\n';
    const m = multipart(csv);
    expect((await t.app.inject({ method: 'POST', url: '/api/employees/csv-import', payload: m.payload, headers: m.headers })).statusCode).toBe(201);
    await expectExact('csv import');

    expect((await call('PUT', `/api/employees/${pending[0]}/accept`)).statusCode).toBe(200);
    await expectExact('approve');
    expect((await call('POST', '/api/employees/bulk-accept', { employeeIds: [pending[1], pending[2]] })).statusCode).toBe(200);
    await expectExact('bulk approve');
    expect((await call('POST', `/api/employees/${pending[3]}/reject`)).statusCode).toBe(200);
    await expectExact('reject');
    expect((await call('POST', '/api/employees/bulk-reject', { employeeIds: [pending[4], pending[5]] })).statusCode).toBe(200);
    await expectExact('bulk reject');

    const m1 = await idOf('m1@acme.test');
    const c1 = await idOf('c1@acme.test');
    expect((await call('POST', `/api/employees/${m1}/deactivate`, { reason: 'Left the company' })).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${c1}/deactivate`, { reason: 'On leave' })).statusCode).toBe(200);
    await expectExact('deactivate');
    expect((await call('POST', `/api/employees/reactivate-employee/${c1}`)).statusCode).toBe(200);
    await expectExact('reactivate');
    expect((await call('DELETE', `/api/employees/${m1}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/employees/${pending[0]}`)).statusCode).toBe(200);
    await expectExact('delete');

    // Writes that do not go through the api: a bulk update moving employees between companies and
    // flipping flags, a role change, a bulk delete.
    await t.ctx.db.execute(sql`update users set company_id = ${globex}, is_active = not is_active where email like 'c%@acme.test'`);
    await t.ctx.db.execute(sql`update users set role = 'Admin' where email = 'm2@acme.test'`);
    await expectExact('bulk update');
    await t.ctx.db.execute(sql`delete from users where role = 'Employee' and company_id = ${globex}`);
    await expectExact('bulk delete');

    // A write rolled back leaves the counters as they were.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from users where role = 'Employee'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await expectExact('rolled back');
  });

  it('are exact for demo data made in bulk, and empty again after a truncate', async () => {
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 300, seed: 3 });
    await expectExact('demo employees');
    expect(await totalOf('/api/employees')).toBeGreaterThan(250);
    await t.reset();
    const { kept } = await countersAndTruth();
    expect(kept).toEqual([]);
  });
});

describe('deep pages', () => {
  /** Pages of every status filter compared with a plain OFFSET over the table. */
  async function expectPagesAsOffset(step: string) {
    for (const status of [undefined, 'active', 'deactivated'] as const) {
      const filter = status === 'active' ? sql`and is_active` : status === 'deactivated' ? sql`and not is_active` : sql``;
      const [{ n }] = (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from users where company_id = ${acme} and role = 'Employee' and is_approved ${filter}`)) as [{ n: number }];
      const pageSize = 10;
      const last = Math.ceil(n / pageSize);
      // Both sides of the one-statement limit (offset 1 000) and of each anchor, the middle, and the end.
      const pages = [1, 2, 100, 101, 102, 199, 200, 201, Math.floor(last / 2), Math.floor(last / 2) + 1, Math.ceil(last / 2) + 1, last - 1, last, last + 1];
      expect(last).toBeGreaterThan(110);
      for (const pageNumber of pages.filter((p) => p >= 1)) {
        const expected = await rows<{ id: string }>(
          t.ctx.db,
          sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved ${filter}
              order by lower(last_name), lower(first_name), id limit ${pageSize} offset ${(pageNumber - 1) * pageSize}`,
        );
        const url = `/api/employees?pageNumber=${pageNumber}&pageSize=${pageSize}${status ? `&status=${status}` : ''}`;
        const page = employeePageSchema.parse(json(await call('GET', url)));
        expect(page.items.map((e) => e.id), `${step}: ${url}`).toEqual(expected.map((r) => r.id));
        expect(page.totalCount, url).toBe(n);
        expect(page.hasNextPage, url).toBe(pageNumber < last);
      }
    }
  }
  const anchorCount = async () => (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from employee_list_anchors`))[0]!.n;

  it('answer the rows a plain OFFSET answers, from either end or from an anchor, with every status filter, after any write', async () => {
    // Enough that every status filter, after the writes below move rows between them, still passes offset 1 100.
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 2900, seed: 11, deactivatedShare: 0.45, pendingShare: 0.05 });
    await t.ctx.db.insert(users).values({ email: 'twin@acme.test', passwordHash: '!', name: 'Ann Able', role: 'Employee', companyId: acme, firstName: 'Ann', lastName: 'Able' });
    await expectPagesAsOffset('first reads');
    // The first deep read of each list built its anchors; the second round reads through them.
    expect(await anchorCount()).toBeGreaterThan(0);
    await expectPagesAsOffset('through anchors');

    // Writes that move rows: a rename to the front of the list, a deactivation, a new employee, a removal.
    const [mid] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by lower(last_name), id offset 1500 limit 1`);
    await t.ctx.db.execute(sql`update users set last_name = 'Aaronson' where id = ${mid!.id}`);
    await expectPagesAsOffset('after a rename');
    await t.ctx.db.execute(sql`update users set is_active = not is_active where company_id = ${acme} and role = 'Employee' and lower(last_name) like 'b%'`);
    await expectPagesAsOffset('after a status change');
    await t.ctx.db.insert(users).values({ email: 'new@acme.test', passwordHash: '!', name: 'Zed Aardvark', role: 'Employee', companyId: acme, firstName: 'Zed', lastName: 'Aardvark' });
    await t.ctx.db.execute(sql`delete from users where id in (select id from users where company_id = ${acme} and role = 'Employee' order by id limit 30)`);
    await expectPagesAsOffset('after an insert and a delete');
    // A write elsewhere (another company, an unrelated column) leaves the anchors in use.
    const before = await rows(t.ctx.db, sql`select * from employee_list_versions where company_id = ${acme}`);
    await seedDemoEmployees(t.ctx.db, { companyId: globex, count: 20, seed: 2 });
    await t.ctx.db.execute(sql`update users set invited_at = now() where company_id = ${acme}`);
    expect(await rows(t.ctx.db, sql`select * from employee_list_versions where company_id = ${acme}`)).toEqual(before);
  }, 120_000); // 2 600 employees seeded and every page compared: about 10 s alone, several times that on a busy machine
});

describe('searches of one or two characters, and of more that match many', () => {
  /**
   * Every status, the pending list and pages from both ends and the middle, compared with testing
   * every employee's text: through the gram index (few matches) and by walking the list from either
   * end (many), whichever the page takes.
   */
  async function expectSearchesAsScan(terms: string[]) {
    for (const [path, approved, status] of [
      ['/api/employees', true, undefined],
      ['/api/employees', true, 'active'],
      ['/api/employees', true, 'deactivated'],
      ['/api/employees/pending', false, undefined],
    ] as const) {
      const filter = status === 'active' ? sql`and is_active` : status === 'deactivated' ? sql`and not is_active` : sql``;
      for (const term of terms) {
        // The term is lower-cased as the search lower-cases it (the text is lower-cased by the database).
        const matches = sql`company_id = ${acme} and role = 'Employee' and is_approved = ${approved} ${filter} and strpos(search_text, ${term.trim().toLowerCase()}) > 0`;
        const [{ n }] = (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from users where ${matches}`)) as [{ n: number }];
        const pageSize = 7;
        const last = Math.max(1, Math.ceil(n / pageSize));
        for (const pageNumber of [...new Set([1, 2, Math.floor(last / 2), Math.ceil(last / 2) + 1, last - 1, last, last + 1])].filter((p) => p >= 1)) {
          const expected = await rows<{ id: string }>(
            t.ctx.db,
            sql`select id from users where ${matches} order by lower(last_name), lower(first_name), id limit ${pageSize} offset ${(pageNumber - 1) * pageSize}`,
          );
          const url = `${path}?pageNumber=${pageNumber}&pageSize=${pageSize}&search=${encodeURIComponent(term)}${status ? `&status=${status}` : ''}`;
          const page = employeePageSchema.parse(json(await call('GET', url)));
          expect(page.items.map((e) => e.id), url).toEqual(expected.map((r) => r.id));
          expect(page.totalCount, url).toBe(n);
        }
      }
    }
  }

  it('answer what testing every employee answers, through the gram index or walking the list, for names with accents and upper case', async () => {
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 1200, seed: 5, deactivatedShare: 0.3, pendingShare: 0.1 });
    await seedDemoEmployees(t.ctx.db, { companyId: globex, count: 50, seed: 6 });
    const named = [
      ['Élodie', 'ØRSTED', 'elodie@acme.test', 'É-1'],
      ['ÅSA', 'Smith-Öberg', 'asa@acme.test', 'XQ9'],
      ['Zoë', 'McSMITH', 'ZOE.MC@acme.test', 'q_7'],
      ['Ann', '100% Able', 'ann@acme.test', 'E\\1'],
    ];
    for (const [firstName, lastName, email, employeeNumber] of named) {
      await t.ctx.db.insert(users).values({ email: email!, passwordHash: '!', name: `${firstName} ${lastName}`, role: 'Employee', companyId: acme, firstName, lastName, employeeNumber, isApproved: true });
    }
    const terms = ['s', 'sm', 'SM', 'a', 'é', 'É', 'ø', 'ö', 'zz', 'q', 'xq', '.', '@', '1', '%', '_', '\\', ' m ', 'smi', 'acme', 'mE.', '0% a', 'zzz'];
    // Every call reads the database (an answer kept from the first round would hide the second).
    keepListAnswers(false);
    try {
      await expectSearchesAsScan(terms);
      // As a large list's dense terms do: walk the list, from the nearer end.
      sortShortSearchesUpTo(0);
      await expectSearchesAsScan(terms);
      // A rename and a deactivation later, still the same.
      await t.ctx.db.execute(sql`update users set last_name = 'Smørrebrød' where email = 'ann@acme.test'`);
      await t.ctx.db.execute(sql`update users set is_active = false where email = 'elodie@acme.test'`);
      await expectSearchesAsScan(['ø', 'sm', 'é', 'r', 'acme', 'smi']);
      // A super admin's list of every company.
      for (const term of ['sm', 's', 'é', 'acme']) {
        const matches = sql`role = 'Employee' and is_approved and strpos(search_text, ${term}) > 0`;
        const [{ n }] = (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from users where ${matches}`)) as [{ n: number }];
        for (const pageNumber of [1, Math.max(1, Math.ceil(n / 7))]) {
          const expected = await rows<{ id: string }>(
            t.ctx.db,
            sql`select id from users where ${matches} order by lower(last_name), lower(first_name), id limit 7 offset ${(pageNumber - 1) * 7}`,
          );
          const page = employeePageSchema.parse(json(await call('GET', `/api/employees?pageNumber=${pageNumber}&pageSize=7&search=${encodeURIComponent(term)}`, undefined, root)));
          expect({ ids: page.items.map((e) => e.id), total: page.totalCount }, term).toEqual({ ids: expected.map((r) => r.id), total: n });
        }
      }
    } finally {
      sortShortSearchesUpTo(5000);
      keepListAnswers(true);
    }
  }, 120_000);
});
