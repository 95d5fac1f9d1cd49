import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ENDPOINTS } from '@portal/shared-contracts';
import { createApp } from '../../app';
import { OVERLOAD_OFF } from '../../plugins/overload';
import { companies, locations } from '../../db/schema';
import { rows } from '../../db/sql';
import { bearer, employerOf, json, useTestApp } from '../../test/test-support';
import type { AuthUser } from '../../lib/sessions';
import { ListAnswerCache } from './list-cache';
import { listEmployees } from './list';
import { sortShortSearchesUpTo } from './search';

/**
 * The lists' answers kept in memory (list-cache.ts) are exact: after any write, through this api
 * instance, another one on the same database or plain SQL, every read answers what the same read
 * answers uncached.
 */

const t = useTestApp();
/** A second api instance on the same database, with its own memory. */
let other: FastifyInstance;
let acme: string;
let globex: string;
let erin: { token: string; id: string };
let gus: { token: string; id: string };

beforeAll(async () => {
  await t.reset();
  const [a] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
  const [g] = await t.ctx.db.insert(companies).values({ name: 'Globex', email: 'hi@globex.test', phoneNumber: '+44 7700 900456', signUpState: 3 }).returning();
  acme = a!.id;
  globex = g!.id;
  erin = await employerOf(t, acme, 'erin@acme.test', 'Erin Employer');
  gus = await employerOf(t, globex, 'gus@globex.test', 'Gus Employer');
  other = await createApp(t.ctx, {}, { overload: OVERLOAD_OFF });
});

afterAll(async () => {
  await other?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (app: FastifyInstance, method: Method, url: string, payload?: unknown, token = erin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** The reads compared: pages, sizes, statuses, searches of every length and case, the pending list. */
const READS = [
  '/api/employees',
  '/api/employees?pageNumber=2&pageSize=2',
  '/api/employees?status=active&pageSize=3',
  '/api/employees?status=deactivated',
  '/api/employees?status=all&pageSize=3&pageNumber=2',
  '/api/employees?search=smi',
  '/api/employees?search=SMI&pageSize=2',
  '/api/employees?search=sm',
  '/api/employees?search=a&pageSize=3',
  '/api/employees?search=SM&pageSize=2&pageNumber=2',
  '/api/employees?search=%C3%A9',
  '/api/employees?status=deactivated&search=s',
  '/api/employees?search=7',
  '/api/employees/pending',
  '/api/employees/pending?search=smi',
  '/api/employees/pending?search=m&pageSize=2',
  '/api/employees/pending?pageSize=2&pageNumber=2',
];

/** The same read without the kept answers: the service itself, as erin. */
async function uncached(url: string) {
  const [path, qs = ''] = url.split('?');
  const approved = path === '/api/employees';
  const schema = approved ? ENDPOINTS.employees.list.query : ENDPOINTS.employees.pending.query;
  const q = z.parse(schema, Object.fromEntries(new URLSearchParams(qs))) as Parameters<typeof listEmployees>[2];
  const auth = { role: 'Employer', companyId: acme, userId: erin.id } as AuthUser;
  return JSON.parse(JSON.stringify(await listEmployees(t.ctx, auth, q, approved ? 'approved' : 'pending'))) as unknown;
}

let serial = 0;
const NAMES = ['Smith', 'Smithers', 'Jones', 'Asmi', 'Brown', 'Ng', 'Osmium', 'Able'];
/** Names with accents and upper case (not in email addresses). */
const FIRST_NAMES = [...NAMES, 'Élodie', 'ÅSA', 'Zoë', 'SMØRBRØD'];

/** The id of the `pick`th employee of acme (approved or pending) in list order, if any. */
async function pickEmployee(pick: number, approved: boolean, company = acme): Promise<string | undefined> {
  const found = await rows<{ id: string }>(
    t.ctx.db,
    sql`select id from users where company_id = ${company} and role = 'Employee' and is_approved = ${approved} order by lower(last_name), lower(first_name), id`,
  );
  return found.length ? found[pick % found.length]!.id : undefined;
}

/** One of the first few employees with a vehicle, in list order (so on the pages read). */
const vehicleOwner = (pick: number) =>
  sql`select v.user_id from vehicles v join users u on u.id = v.user_id order by lower(u.last_name), lower(u.first_name), u.id offset ${pick % 3} limit 1`;

const SHOWN_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'employee_number',
  'department',
  'driving_license_number',
  'postal_code',
  'is_driver_verified',
  'name',
  'deactivation_reason',
  'created_at',
  'password_hash',
] as const;

function valueFor(field: (typeof SHOWN_FIELDS)[number], pick: number) {
  const n = ++serial;
  const name = NAMES[pick % NAMES.length]!;
  switch (field) {
    case 'first_name':
    case 'last_name':
    case 'name':
      return sql`${FIRST_NAMES[pick % FIRST_NAMES.length]!}`;
    case 'email':
      return sql`${`${name.toLowerCase()}${n}@acme.test`}`;
    case 'employee_number':
      return sql`${`E-${n}`}`;
    case 'is_driver_verified':
      return sql`not is_driver_verified`;
    case 'created_at':
      return sql`created_at + interval '1 second'`;
    case 'password_hash':
      return sql`${`hash ${n}`}`;
    case 'phone_number':
      return sql`${pick % 3 === 0 ? null : `0113 496 ${1000 + n}`}`;
    default:
      return sql`${pick % 3 === 0 ? null : `${name} ${n}`}`;
  }
}

const row = (pick: number) => {
  const n = ++serial;
  const name = NAMES[pick % NAMES.length]!;
  return { firstName: FIRST_NAMES[(pick + 3) % FIRST_NAMES.length]!, lastName: name, email: `${name.toLowerCase()}.${n}@acme.test`, employeeNumber: `N-${n}` };
};

const step = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('read' as const), on: fc.nat(1), url: fc.constantFrom(...READS) }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('readAll' as const), on: fc.nat(1) }), weight: 3 },
  fc.record({ k: fc.constant('add' as const), pick: fc.nat(50), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('import' as const), pick: fc.nat(50), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('signup' as const), pick: fc.nat(50) }),
  { arbitrary: fc.record({ k: fc.constant('edit' as const), pick: fc.nat(50), field: fc.constantFrom(...SHOWN_FIELDS), approved: fc.boolean() }), weight: 3 },
  fc.record({ k: fc.constantFrom('approve' as const, 'reject' as const, 'bulkApprove' as const, 'bulkReject' as const), pick: fc.nat(50) }),
  fc.record({ k: fc.constantFrom('deactivate' as const, 'reactivate' as const, 'delete' as const), pick: fc.nat(50), on: fc.nat(1) }),
  { arbitrary: fc.record({ k: fc.constantFrom('vehicleAdd' as const, 'vehicleEdit' as const, 'vehicleRemove' as const), pick: fc.nat(50) }), weight: 2 },
  fc.record({ k: fc.constantFrom('renameEmployer' as const, 'removeDeactivator' as const, 'otherCompany' as const), pick: fc.nat(50) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function apply(s: Step): Promise<void> {
  const app = 'on' in s && s.on === 1 ? other : t.app;
  switch (s.k) {
    case 'read': {
      const res = await call(s.on === 1 ? other : t.app, 'GET', s.url);
      expect(res.statusCode, s.url).toBe(200);
      expect(json(res), s.url).toEqual(await uncached(s.url));
      return;
    }
    case 'readAll':
      for (const url of READS) {
        const res = await call(s.on === 1 ? other : t.app, 'GET', url);
        expect(json(res), url).toEqual(await uncached(url));
      }
      return;
    case 'add': {
      const res = await call(app, 'POST', '/api/employees', { employees: Array.from({ length: s.n }, (_, i) => row(s.pick + i)) });
      expect(res.statusCode).toBe(201);
      return;
    }
    case 'import': {
      const lines = ['firstName,lastName,email,employeeNumber', ...Array.from({ length: s.n }, (_, i) => Object.values(row(s.pick + i)).join(','))];
      const boundary = '----list-cache-boundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\n')}\n\r\n--${boundary}--\r\n`;
      const res = await other.inject({ method: 'POST', url: '/api/employees/csv-import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(erin.token) } });
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    case 'signup': {
      const r = row(s.pick);
      await t.ctx.db.execute(sql`insert into users (email, password_hash, name, role, company_id, first_name, last_name, employee_number, is_active, is_approved)
        values (${r.email}, 'x', ${`${r.firstName} ${r.lastName}`}, 'Employee', ${acme}, ${r.firstName}, ${r.lastName}, ${r.employeeNumber}, false, false)`);
      return;
    }
    case 'edit': {
      const id = await pickEmployee(s.pick, s.approved);
      if (id) await t.ctx.db.execute(sql`update users set ${sql.raw(s.field)} = ${valueFor(s.field, s.pick)} where id = ${id}`);
      return;
    }
    case 'approve':
    case 'reject': {
      const id = await pickEmployee(s.pick, false);
      if (!id) return;
      const res = s.k === 'approve' ? await call(t.app, 'PUT', `/api/employees/${id}/accept`) : await call(other, 'POST', `/api/employees/${id}/reject`);
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'bulkApprove':
    case 'bulkReject': {
      const found = await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and not is_approved order by id limit ${1 + (s.pick % 3)}`);
      if (!found.length) return;
      const res = await call(other, 'POST', `/api/employees/${s.k === 'bulkApprove' ? 'bulk-accept' : 'bulk-reject'}`, { employeeIds: found.map((f) => f.id) });
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'deactivate':
    case 'reactivate':
    case 'delete': {
      const id = await pickEmployee(s.pick, true);
      if (!id) return;
      const res =
        s.k === 'deactivate'
          ? await call(app, 'POST', `/api/employees/${id}/deactivate`, { reason: `Left ${s.pick}` })
          : s.k === 'reactivate'
            ? await call(app, 'POST', `/api/employees/reactivate-employee/${id}`)
            : await call(app, 'DELETE', `/api/employees/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    case 'vehicleAdd': {
      const id = await pickEmployee(s.pick % 5, true);
      if (id) await t.ctx.db.execute(sql`insert into vehicles (user_id, make, model, registration_number, year_manufactured, color) values (${id}, 'Ford', 'Focus', ${`REG ${++serial}`}, 2019, 'Blue') on conflict (user_id) do nothing`);
      return;
    }
    case 'vehicleEdit': {
      const col = (['make', 'model', 'color', 'registration_number', 'year_manufactured', 'is_verified'] as const)[s.pick % 6]!;
      const value = col === 'year_manufactured' ? sql`year_manufactured + 1` : col === 'is_verified' ? sql`not is_verified` : sql`${`${col} ${++serial}`}`;
      await t.ctx.db.execute(sql`update vehicles set ${sql.raw(col)} = ${value} where user_id = (${vehicleOwner(s.pick)})`);
      return;
    }
    case 'vehicleRemove':
      await t.ctx.db.execute(sql`delete from vehicles where user_id = (${vehicleOwner(s.pick)})`);
      return;
    case 'renameEmployer':
      // The list shows who deactivated an employee by name.
      await t.ctx.db.execute(sql`update users set name = ${`Erin ${NAMES[s.pick % NAMES.length]}`} where id = ${erin.id}`);
      return;
    case 'removeDeactivator': {
      // A user who deactivated employees and then left (another admin of the company).
      const admin = await rows<{ id: string }>(
        t.ctx.db,
        sql`insert into users (email, password_hash, name, role, company_id) values (${`admin${++serial}@acme.test`}, 'x', 'Ada Admin', 'Admin', ${acme}) returning id`,
      );
      const id = await pickEmployee(s.pick, true);
      if (id) await t.ctx.db.execute(sql`update users set is_active = false, deactivated_by = ${admin[0]!.id}, deactivation_reason = 'Moved' where id = ${id}`);
      await t.ctx.db.execute(sql`delete from users where id = ${admin[0]!.id}`);
      return;
    }
    case 'otherCompany': {
      const res = await call(t.app, 'POST', '/api/employees', { employees: [{ ...row(s.pick), email: `g${++serial}@globex.test` }] }, gus.token);
      expect(res.statusCode).toBe(201);
      const id = await pickEmployee(s.pick, true, globex);
      if (id) await t.ctx.db.execute(sql`update users set email = ${`g${++serial}@globex.test`} where id = ${id}`);
      return;
    }
  }
}

const gramKey = (r: { company_id: string; gram: string; is_approved: boolean; is_active: boolean; n: number | string }) =>
  `${r.company_id} ${r.gram} ${r.is_approved} ${r.is_active} ${Number(r.n)}`;

/** What the gram counters say, and what the employees' texts say. */
async function gramCounts() {
  const kept = await rows<{ company_id: string; gram: string; is_approved: boolean; is_active: boolean; n: string }>(
    t.ctx.db,
    sql`select company_id, gram, is_approved, is_active, n from employee_search_gram_counts where n <> 0`,
  );
  return kept.map(gramKey).sort();
}

async function gramTruth() {
  const real = await rows<{ company_id: string; gram: string; is_approved: boolean; is_active: boolean; n: string }>(
    t.ctx.db,
    sql`select u.company_id, g.gram, u.is_approved, u.is_active, count(*) as n
      from users u cross join lateral (
        select distinct substr(u.search_text, i, k) as gram from generate_series(1, length(u.search_text)) i, (values (1), (2)) w(k) where i + k - 1 <= length(u.search_text)
      ) g
      where u.role = 'Employee' and u.company_id is not null group by 1, 2, 3, 4`,
  );
  return real.map(gramKey).sort();
}

/**
 * Searches of one or two characters (through the gram index, or walking the list from either end)
 * and of more (sorted, or counted and walked when they may match many) answer the employees whose
 * text contains the term, lower-cased as the search lower-cases it.
 */
async function expectShortSearchesAsScan() {
  try {
    for (const bound of [5000, 0]) {
      sortShortSearchesUpTo(bound);
      for (const term of ['s', 'sm', 'SM', 'é', 'ø', 'Å', 'a', '7', '.', 'smi', 'acme', 'élo']) {
        for (const [status, filter] of [
          ['all', sql``],
          ['deactivated', sql`and not is_active`],
        ] as const) {
          const matches = sql`company_id = ${acme} and role = 'Employee' and is_approved ${filter} and strpos(search_text, ${term.toLowerCase()}) > 0`;
          const [{ n }] = (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from users where ${matches}`)) as [{ n: number }];
          for (const pageNumber of [1, 2, Math.ceil(n / 3)]) {
            const url = `/api/employees?search=${encodeURIComponent(term)}&status=${status}&pageSize=3&pageNumber=${Math.max(pageNumber, 1)}`;
            const expected = await rows<{ id: string }>(
              t.ctx.db,
              sql`select id from users where ${matches} order by lower(last_name), lower(first_name), id limit 3 offset ${(Math.max(pageNumber, 1) - 1) * 3}`,
            );
            const read = (await uncached(url)) as { totalCount: number; items: { id: string }[] };
            expect({ total: read.totalCount, ids: read.items.map((i) => i.id) }, `${url} (${bound})`).toEqual({ total: n, ids: expected.map((r) => r.id) });
          }
        }
      }
    }
  } finally {
    sortShortSearchesUpTo(5000);
  }
}

describe('the employee lists kept in memory', () => {
  it('answer every read as the same read uncached, whatever writes come between, on either of two instances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        for (const s of steps) await apply(s);
        // Every read once more on both instances after the last write.
        for (const url of READS) for (const app of [t.app, other]) expect(json(await call(app, 'GET', url)), url).toEqual(await uncached(url));
        // The totals of short searches come from gram counters: they equal what testing every employee finds.
        expect(await gramCounts()).toEqual(await gramTruth());
        for (const term of ['s', 'sm', 'a', '7', 'i.', '@']) {
          const [truth] = await rows<{ n: number }>(
            t.ctx.db,
            sql`select count(*)::int as n from users where company_id = ${acme} and role = 'Employee' and is_approved and search_text like ${`%${term}%`}`,
          );
          expect(json<{ totalCount: number }>(await call(t.app, 'GET', `/api/employees?search=${encodeURIComponent(term)}`)).totalCount, term).toBe(truth!.n);
        }
        await expectShortSearchesAsScan();
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('answers a repeated read from memory, and the first read after a write from the database', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: [row(1), row(2), row(3)] })).statusCode).toBe(201);
    const url = '/api/employees?pageSize=5';
    const before = json(await call(t.app, 'GET', url));
    const version = async () => (await rows<{ a: string }>(t.ctx.db, sql`select answers::text as a from employee_list_versions where company_id = ${acme}`))[0]!.a;
    const v0 = await version();
    expect(json(await call(t.app, 'GET', url))).toEqual(before);
    // A column that no answer shows leaves the version, and so the kept answers, as they are.
    await t.ctx.db.execute(sql`update users set password_hash = 'y', updated_at = now() where company_id = ${acme} and role = 'Employee'`);
    expect(await version()).toBe(v0);
    // A phone number is shown: the version moves in the writer's transaction.
    await t.ctx.db.execute(sql`update users set phone_number = '0113 496 0001' where id = (select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by lower(last_name), lower(first_name), id limit 1)`);
    expect(BigInt(await version())).toBeGreaterThan(BigInt(v0));
    const after = json<{ items: { phoneNumber: string | null }[] }>(await call(t.app, 'GET', url));
    expect(after.items[0]!.phoneNumber).toBe('0113 496 0001');
    expect(json(await call(other, 'GET', url))).toEqual(after);
    // So is the employee's vehicle, in its own table.
    const first = await pickEmployee(0, true);
    await t.ctx.db.execute(sql`insert into vehicles (user_id, make, model, registration_number) values (${first}, 'Kia', 'Ceed', 'AB12 CDE') on conflict (user_id) do nothing`);
    expect(json(await call(other, 'GET', url))).toEqual(await uncached(url));
    await t.ctx.db.execute(sql`update vehicles set color = 'Teal' where user_id = ${first}`);
    const teal = json<{ items: { id: string; vehicle: { color: string | null } | null }[] }>(await call(other, 'GET', url));
    expect(teal.items.find((i) => i.id === first)?.vehicle?.color).toBe('Teal');
  });

  it('shows an employee moved to another office, and to No office when the office is removed, on either instance', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: [{ firstName: 'Olive', lastName: 'Officer', email: 'olive.officer@acme.test', employeeNumber: 'OFF-1' }] })).statusCode).toBe(201);
    const url = '/api/employees?search=officer';
    const [{ id: first } = { id: '' }] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where email = 'olive.officer@acme.test'`);
    const [leeds] = await t.ctx.db.insert(locations).values({ companyId: acme, addressLine1: '1 Park Row', town: 'Leeds', postalCode: 'LS1 5HD' }).returning();
    const officeOf = async (app: FastifyInstance) => json<{ items: { id: string; officeId?: string | null }[] }>(await call(app, 'GET', url)).items.find((i) => i.id === first)?.officeId;
    // Both instances keep the answer with the employee in no office.
    expect(await officeOf(t.app)).toBeNull();
    expect(await officeOf(other)).toBeNull();
    expect((await call(t.app, 'PUT', `/api/employees/${first}/office`, { officeId: leeds!.id })).statusCode).toBe(200);
    expect(await officeOf(t.app)).toBe(leeds!.id);
    expect(await officeOf(other)).toBe(leeds!.id);
    // Removing the office moves its employees to No office (the key's ON DELETE SET NULL).
    await t.ctx.db.delete(locations).where(eq(locations.id, leeds!.id));
    expect(await officeOf(t.app)).toBeNull();
    expect(await officeOf(other)).toBeNull();
  });

  it('keeps an answer for every status through changes of status of employees not on its page, and only those', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: [row(911), row(912), row(913), row(914)] })).statusCode).toBe(201);
    const url = '/api/employees?pageSize=2';
    const kept = json<{ items: { id: string; isActive: boolean }[] }>(await call(t.app, 'GET', url));
    const onPage = kept.items.map((i) => i.id);
    const [away] = await rows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved and is_active and not (id = any(${`{${onPage.join(',')}}`}::uuid[])) order by id limit 1`,
    );
    const versions = async () =>
      (await rows<{ version: string; status_version: string; answers: string }>(t.ctx.db, sql`select version::text, status_version::text, answers::text from employee_list_versions where company_id = ${acme}`))[0]!;
    const v0 = await versions();
    expect((await call(other, 'POST', `/api/employees/${away!.id}/deactivate`, { reason: 'On leave' })).statusCode).toBe(200);
    const v1 = await versions();
    // The answers and status versions move; the anchors' version (the list's order) does not.
    expect(v1.version).toBe(v0.version);
    expect(BigInt(v1.status_version)).toBe(BigInt(v0.status_version) + 1n);
    expect(BigInt(v1.answers)).toBe(BigInt(v0.answers) + 1n);
    const [logged] = await rows<{ changes: unknown }>(t.ctx.db, sql`select changes from employee_list_changes where company_id = ${acme} and answers = ${v1.answers}::bigint`);
    const changes = (typeof logged!.changes === 'string' ? JSON.parse(logged!.changes) : logged!.changes) as { id: string; o: { is_active: boolean }; n: { is_active: boolean } }[];
    expect(changes).toEqual([expect.objectContaining({ id: away!.id, o: expect.objectContaining({ is_active: true }), n: expect.objectContaining({ is_active: false }) })]);
    // Behind the triggers' back (no version moves), a shown column of the page changes: the next read
    // answering the old phone number proves the answer came from memory, found still right.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set phone_number = '0113 496 0999' where id = ${onPage[0]!}`);
    });
    expect(json(await call(t.app, 'GET', url))).toEqual(kept);
    // A change of status of an employee on the page is read again; so is any other change.
    await t.ctx.db.execute(sql`update users set phone_number = null where id = ${onPage[0]!}`);
    expect(json(await call(t.app, 'GET', url))).toEqual(await uncached(url));
    expect((await call(t.app, 'POST', `/api/employees/${onPage[1]!}/deactivate`, { reason: 'On leave' })).statusCode).toBe(200);
    const read = json<{ items: { id: string; isActive: boolean }[] }>(await call(t.app, 'GET', url));
    expect(read).toEqual(await uncached(url));
    expect(read.items.find((i) => i.id === onPage[1])?.isActive).toBe(false);
    // The active list is read again after every change of status, on either instance.
    for (const app of [t.app, other]) expect(json(await call(app, 'GET', '/api/employees?status=active&pageSize=2'))).toEqual(await uncached('/api/employees?status=active&pageSize=2'));
    expect((await call(t.app, 'POST', `/api/employees/reactivate-employee/${away!.id}`)).statusCode).toBe(200);
    for (const app of [t.app, other]) expect(json(await call(app, 'GET', '/api/employees?status=active&pageSize=2'))).toEqual(await uncached('/api/employees?status=active&pageSize=2'));
  });

  it('stays exact with several writers changing statuses at once, beside readers on two instances', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: Array.from({ length: 8 }, (_, i) => row(930 + i)) })).statusCode).toBe(201);
    const ids = (await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by id limit 8`)).map((r) => r.id);
    const reads = ['/api/employees?pageSize=3', '/api/employees?pageSize=3&pageNumber=2', '/api/employees?search=sm', '/api/employees?search=acme', '/api/employees?status=active', '/api/employees?status=deactivated'];
    for (const url of reads) await call(other, 'GET', url);
    for (let round = 0; round < 4; round++) {
      // Four writers at once, each deactivating or reactivating its own employee, readers in between.
      await Promise.all([
        ...ids.slice(0, 4).map((id, i) =>
          (round + i) % 2 === 0
            ? call(i % 2 ? other : t.app, 'POST', `/api/employees/${id}/deactivate`, { reason: `Round ${round}` })
            : call(i % 2 ? other : t.app, 'POST', `/api/employees/reactivate-employee/${id}`),
        ),
        t.ctx.db.execute(sql`update users set is_active = not is_active, deactivated_at = case when is_active then now() end where id = any(${`{${ids.slice(4).join(',')}}`}::uuid[])`),
        ...reads.map((url) => call(round % 2 ? other : t.app, 'GET', url)),
      ]);
      for (const app of [t.app, other]) for (const url of reads) expect(json(await call(app, 'GET', url)), url).toEqual(await uncached(url));
      const counted = await rows<{ is_active: boolean; n: number }>(t.ctx.db, sql`select c.is_active, c.n::int as n from employee_counts c where c.company_id = ${acme} and c.is_approved order by 1`);
      const real = await rows<{ is_active: boolean; n: number }>(t.ctx.db, sql`select is_active, count(*)::int as n from users where company_id = ${acme} and role = 'Employee' and is_approved group by 1 order by 1`);
      expect(counted.filter((c) => c.n > 0)).toEqual(real);
    }
  });

  it('keeps an answer through writes that leave its page as it was, its total moved by those joining after it', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: [row(941), row(942), row(943)] })).statusCode).toBe(201);
    type Answer = { items: { id: string; lastName: string }[]; totalCount: number };
    const url = '/api/employees?pageSize=2';
    const searched = '/api/employees?search=acme.test&pageSize=2';
    const kept = json<Answer>(await call(t.app, 'GET', url));
    const keptSearch = json<Answer>(await call(t.app, 'GET', searched));
    expect(kept.items).toHaveLength(2);
    const onPage = [...kept.items, ...keptSearch.items].map((i) => i.id);
    // Behind the triggers' back (no version moves), a shown column of both pages changes: a later
    // read answering the old phone number came from memory.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set phone_number = '0113 496 0998' where id = any(${`{${onPage.join(',')}}`}::uuid[])`);
    });
    const [away] = await rows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved and last_name is not null and not (id = any(${`{${onPage.join(',')}}`}::uuid[]))
        order by lower(last_name) desc, lower(first_name) desc, id desc limit 1`,
    );
    /** The read answers the kept page, with the total and paging the table says now. */
    const expectKept = async () => {
      for (const [u, k] of [[url, kept], [searched, keptSearch]] as const) {
        const read = json<Answer>(await call(t.app, 'GET', u));
        expect(read, u).toEqual({ ...(await uncached(u) as object), items: k.items });
      }
    };
    // A phone number, a vehicle and a deactivation of someone off the page, a join request.
    await t.ctx.db.execute(sql`update users set phone_number = '0113 496 0997' where id = ${away!.id}`);
    await expectKept();
    await t.ctx.db.execute(sql`insert into vehicles (user_id, make, model, registration_number) values (${away!.id}, 'Ford', 'Ka', ${`REG ${++serial}`}) on conflict (user_id) do update set color = 'Teal'`);
    await expectKept();
    expect((await call(other, 'POST', `/api/employees/${away!.id}/deactivate`, { reason: 'On leave' })).statusCode).toBe(200);
    await expectKept();
    await t.ctx.db.execute(sql`insert into users (email, password_hash, name, role, company_id, first_name, last_name, is_active, is_approved)
      values (${`zz${++serial}@acme.test`}, 'x', 'Zed Zzyzx', 'Employee', ${acme}, 'Zed', 'Zzyzx', false, false)`);
    await expectKept();
    // Its approval and a new employee after the page: the same rows, the total one more each.
    const [pending] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and last_name = 'Zzyzx' and not is_approved`);
    expect((await call(other, 'PUT', `/api/employees/${pending!.id}/accept`)).statusCode).toBe(200);
    await expectKept();
    expect((await call(other, 'POST', '/api/employees', { employees: [{ firstName: 'Zoe', lastName: 'Zzyzy', email: `zoe${++serial}@acme.test`, employeeNumber: `N-${serial}` }] })).statusCode).toBe(201);
    await expectKept();
    expect(json<Answer>(await call(t.app, 'GET', url)).totalCount).toBe(kept.totalCount + 2);
    // A change of surname that stays after the page.
    await t.ctx.db.execute(sql`update users set last_name = 'Zzyzz' where id = ${away!.id}`);
    await expectKept();
    // An employee joining before the page's last row: read again (the phone numbers of the table show).
    expect((await call(other, 'POST', '/api/employees', { employees: [{ firstName: 'Al', lastName: 'Aaardvark', email: `al${++serial}@acme.test`, employeeNumber: `N-${serial}` }] })).statusCode).toBe(201);
    for (const u of [url, searched]) {
      const read = json<Answer>(await call(t.app, 'GET', u));
      expect(read, u).toEqual(await uncached(u));
      expect(read.items[0]!.lastName, u).toBe('Aaardvark');
    }
    // The log keeps nothing of a deleted employee (its names and searched text were in it).
    expect(Number((await rows<{ n: number }>(t.ctx.db, sql`select count(*) as n from employee_list_changes where strpos(changes::text, ${away!.id}) > 0`))[0]!.n)).toBeGreaterThan(0);
    expect((await call(t.app, 'DELETE', `/api/employees/${away!.id}`)).statusCode).toBe(200);
    expect(Number((await rows<{ n: number }>(t.ctx.db, sql`select count(*) as n from employee_list_changes where strpos(changes::text, ${away!.id}) > 0`))[0]!.n)).toBe(0);
    for (const u of [url, searched]) expect(json(await call(t.app, 'GET', u)), u).toEqual(await uncached(u));
  });

  it('stays exact with writers of every kind at once, beside readers on two instances', async () => {
    expect((await call(t.app, 'POST', '/api/employees', { employees: Array.from({ length: 6 }, (_, i) => row(950 + i)) })).statusCode).toBe(201);
    const ids = (await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by id limit 6`)).map((r) => r.id);
    const reads = [
      ...READS,
      '/api/employees?pageSize=3&pageNumber=3',
      '/api/employees?search=acme&pageSize=3&pageNumber=2',
      '/api/employees?status=active&pageSize=2&pageNumber=2',
    ];
    for (const url of reads) await call(other, 'GET', url);
    for (let round = 0; round < 5; round++) {
      const r = row(960 + round);
      const [pending] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and not is_approved order by id limit 1`);
      await Promise.all([
        t.ctx.db.execute(sql`update users set phone_number = ${`0113 496 ${1000 + round}`} where id = ${ids[0]!}`),
        t.ctx.db.execute(sql`insert into vehicles (user_id, make, model, registration_number) values (${ids[1]!}, 'Ford', 'Ka', ${`REG ${++serial}`}) on conflict (user_id) do update set color = ${`Colour ${round}`}`),
        t.ctx.db.execute(sql`update users set last_name = ${NAMES[round % NAMES.length]!} where id = ${ids[2]!}`),
        call(round % 2 ? other : t.app, 'POST', `/api/employees/${ids[3 + (round % 2)]!}/deactivate`, { reason: `Round ${round}` }),
        call(round % 2 ? t.app : other, 'POST', `/api/employees/reactivate-employee/${ids[4 - (round % 2)]!}`),
        t.ctx.db.execute(sql`insert into users (email, password_hash, name, role, company_id, first_name, last_name, employee_number, is_active, is_approved)
          values (${r.email}, 'x', ${`${r.firstName} ${r.lastName}`}, 'Employee', ${acme}, ${r.firstName}, ${r.lastName}, ${r.employeeNumber}, false, false)`),
        pending ? call(other, 'PUT', `/api/employees/${pending.id}/accept`) : Promise.resolve(),
        call(other, 'POST', '/api/employees', { employees: [row(970 + round)] }),
        t.ctx.db.execute(sql`update users set email = ${`moved${++serial}@acme.test`} where id = ${ids[5]!}`),
        ...reads.map((url) => call(round % 2 ? other : t.app, 'GET', url)),
      ]);
      for (const app of [t.app, other]) for (const url of reads) expect(json(await call(app, 'GET', url)), url).toEqual(await uncached(url));
      const counted = await rows<{ is_approved: boolean; is_active: boolean; n: number }>(
        t.ctx.db,
        sql`select c.is_approved, c.is_active, c.n::int as n from employee_counts c where c.company_id = ${acme} and c.n <> 0 order by 1, 2`,
      );
      const real = await rows<{ is_approved: boolean; is_active: boolean; n: number }>(
        t.ctx.db,
        sql`select is_approved, is_active, count(*)::int as n from users where company_id = ${acme} and role = 'Employee' group by 1, 2 order by 1, 2`,
      );
      expect(counted).toEqual(real);
    }
  });
});

describe('ListAnswerCache', () => {
  it('keeps the newest version of an answer and forgets the least recently used beyond its bytes', () => {
    const c = new ListAnswerCache(100);
    c.set('a', 2n, 'x'.repeat(40));
    c.set('a', 1n, 'old');
    expect(c.get('a', 2n)).toBe('x'.repeat(40));
    // A caller of an older version gets the newer answer (it holds every write theirs holds); one of a newer version gets none.
    expect(c.get('a', 1n)).toBe('x'.repeat(40));
    expect(c.get('a', 3n)).toBeUndefined();
    c.set('b', 1n, 'y'.repeat(40));
    expect(c.get('a', 2n)).toBeDefined();
    c.set('c', 1n, 'z'.repeat(40));
    expect(c.get('b', 1n)).toBeUndefined();
    expect(c.get('a', 2n)).toBeDefined();
    expect(c.get('c', 1n)).toBeDefined();
    expect(c.size.bytes).toBeLessThanOrEqual(100);
    c.set('d', 1n, 'w'.repeat(200));
    expect(c.get('d', 1n)).toBeUndefined();
  });

  it('reads a query once for concurrent misses, and again for a caller of a newer version', async () => {
    const c = new ListAnswerCache(1000);
    let loads = 0;
    const load = (version: bigint) => async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return { answer: `v${version}`, version };
    };
    expect(await Promise.all([c.read('q', 3n, load(3n)), c.read('q', 3n, load(3n)), c.read('q', 2n, load(3n))])).toEqual(['v3', 'v3', 'v3']);
    expect(loads).toBe(1);
    expect(c.get('q', 3n)).toBe('v3');
    // A read of version 3 under way does not answer a caller who saw version 4.
    loads = 0;
    const [a, b] = await Promise.all([c.read('r', 3n, load(3n)), c.read('r', 4n, load(4n))]);
    expect([a, b, loads]).toEqual(['v3', 'v4', 2]);
    expect(c.get('r', 4n)).toBe('v4');
  });

  it('after a write, the callers of the new version read once, without waiting for the read of the old one', async () => {
    const c = new ListAnswerCache(1000);
    const loads: bigint[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The read of version 3 has its figures (read before the write) but has not answered yet.
    const old = c.read('s', 3n, async () => {
      loads.push(3n);
      await held;
      return { answer: 'v3', version: 3n };
    });
    // The write: callers now see version 4. Five of them miss at once.
    const load4 = async () => {
      loads.push(4n);
      await new Promise((r) => setTimeout(r, 10));
      return { answer: 'v4', version: 4n };
    };
    const newer = Promise.all(Array.from({ length: 5 }, () => c.read('s', 4n, load4)));
    // They are answered while the old read is still held, with the new figures, from one read.
    expect(await newer).toEqual(['v4', 'v4', 'v4', 'v4', 'v4']);
    expect(loads).toEqual([3n, 4n]);
    release();
    expect(await old).toBe('v3');
    // The old read's answer, arriving last, does not replace the new one.
    expect(c.get('s', 4n)).toBe('v4');
    expect(c.get('s', 3n)).toBe('v4');
  });
});
