import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type AdminEntry, type DashboardSummary, type Employee, type MonthlyTrend, type Page, type ParticipationRow, type SessionUser } from '@portal/shared-contracts';
import { describeUser } from '../../lib/session-user';
import { journeyGroupMembers, journeyGroups, locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, makeEmployee, makeEmployer, monthFromNow, postTrip } from '../../test/trips-world';

/**
 * Office administrators (docs/decisions/0051-office-administrators.md): an admin limited to Leeds
 * reads Leeds's figures only, through every insight endpoint, export and report; names of York never
 * reach them; with no filter they read the sum of their offices; everything else is refused before
 * it runs, and a refused write changes nothing.
 */

const t = useTestApp();

type Person = { id: string; token: string; name: string; office: 'leeds' | 'york' | null; driver: boolean };
interface World {
  acme: string;
  boss: string;
  rival: string;
  leeds: string;
  york: string;
  globexOffice: string;
  ann: { id: string; token: string };
  people: Person[];
  month: { year: number; month: number };
}
let w: World;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const put = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: auth(token), payload: payload as object });
const ok = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};
const refused = (res: Res) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(json(res)).toMatchObject({ success: false, message: MESSAGES.admins.outsideOffices });
};
const setOffices = (token: string, id: string, officeIds: string[] | null) => put(`/api/accounts/users/${id}/offices`, token, { officeIds });

async function office(companyId: string, town: string): Promise<string> {
  const [l] = await t.ctx.db.insert(locations).values({ companyId, addressLine1: `1 ${town} Road`, town, postalCode: 'LS1 1AA' }).returning();
  return l!.id;
}

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const c = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 2, numberOfMiles: 20 } });
  const leeds = await office(c.acme, 'Leeds');
  const york = await office(c.acme, 'York');
  const globexOffice = await office(c.globex, 'Paris');
  const people: Person[] = [];
  for (const home of ['leeds', 'york', null] as const) {
    for (let i = 0; i < 3; i += 1) {
      const driver = i === 0;
      const first = `${home ?? 'nobody'}${i}`;
      const p = await makeEmployee(db, c.acme, first, 'Smith', { car: driver });
      if (home) await db.update(users).set({ officeId: home === 'leeds' ? leeds : york }).where(eq(users.id, p.id));
      people.push({ ...p, name: `${first} Smith`, office: home, driver });
    }
  }
  const ann = await makeEmployer(db, c.acme, 'ann@acme.test', 'Admin');
  const month = monthFromNow(-1);
  // Each driver drives twice with a passenger of every office, so every office's figures depend on the others'.
  let n = 0;
  for (const driver of people.filter((p) => p.driver)) {
    for (const day of [3, 4]) {
      const passengers = people.filter((p) => !p.driver && p.id !== driver.id).filter((_, i) => (i + day) % 2 === 0);
      n += 1;
      const res = await postTrip(t.app, driver.token, {
        passengerIds: passengers.map((p) => p.id),
        distanceMiles: 5 + n * 1.25,
        startedAt: new Date(Date.UTC(month.year, month.month - 1, day, 8 + n)).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  // A group of Leeds people only, and one of York people only.
  for (const home of ['leeds', 'york'] as const) {
    const [g] = await db.insert(journeyGroups).values({ companyId: c.acme, name: `${home} riders`, nameKey: `${home} riders` }).returning();
    await db.insert(journeyGroupMembers).values(people.filter((p) => p.office === home).map((p) => ({ groupId: g!.id, userId: p.id })));
  }
  w = { acme: c.acme, boss: c.boss, rival: c.rival, leeds, york, globexOffice, ann, people, month };
});

const mq = () => `year=${w.month.year}&month=${w.month.month}`;
const names = (home: Person['office']) => w.people.filter((p) => p.office === home).map((p) => p.name);

/** Every insight read and export an office admin may call, with the month: the same list as OFFICE_ADMIN_ENDPOINTS. */
const READS = [
  (o: string) => `/api/dashboard/summary?${mq()}${o}`,
  (o: string) => `/api/dashboard/trend?${mq()}${o}`,
  (o: string) => `/api/journey-groups/co2?${mq()}${o}`,
  (o: string) => `/api/employees-participation?${mq()}${o}`,
  (o: string) => `/api/employee-participation?x=1${o}`,
  (o: string) => `/api/employees-participation/export?${mq()}${o}`,
  (o: string) => `/api/journey-groups?x=1${o}`,
  (o: string) => `/api/journey-groups/export?${mq()}${o}`,
  (o: string) => `/api/reports/category7?year=${w.month.year}&format=csv${o}`,
];

describe('setting an admin\'s offices', () => {
  it('the owner limits an admin to an office: saved, listed, audited, and applied to their next request', async () => {
    const before = ok<DashboardSummary>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token));
    const res = await setOffices(w.boss, w.ann.id, [w.leeds]);
    expect(ok(res)).toEqual({ success: true, message: MESSAGES.admins.officesSaved });
    const list = ok<Page<AdminEntry>>(await get(`/api/accounts/employer/${w.acme}/admins`, w.boss));
    expect(list.items.find((a) => a.id === w.ann.id)?.offices).toEqual([w.leeds]);
    const [audit] = await rows<{ action: string; summary: string; target_id: string }>(
      t.ctx.db,
      sql`select action, summary, target_id from audit_log where action = 'admin.officesChanged'`,
    );
    expect(audit).toMatchObject({ action: 'admin.officesChanged', target_id: w.ann.id });
    expect(audit!.summary).toContain('1 Leeds Road');
    const after = ok<DashboardSummary>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token));
    expect(after.totalTrips).toBeLessThan(before.totalTrips);
    // Back to the whole company.
    ok(await setOffices(w.boss, w.ann.id, null));
    expect(ok<DashboardSummary>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token))).toEqual(before);
    const list2 = ok<Page<AdminEntry>>(await get(`/api/accounts/employer/${w.acme}/admins`, w.boss));
    expect(list2.items.find((a) => a.id === w.ann.id)?.offices).toBeNull();
  });

  it("the session tells the portal the admin's offices: me and the sign-in answer, null for the whole company", async () => {
    expect(ok<{ user: SessionUser }>(await get('/api/accounts/me', w.ann.token)).user.offices).toBeNull();
    expect((await describeUser(t.ctx, w.ann.id))?.offices).toBeNull();
    ok(await setOffices(w.boss, w.ann.id, [w.york, w.leeds]));
    const both = [w.york, w.leeds].sort();
    expect(ok<{ user: SessionUser }>(await get('/api/accounts/me', w.ann.token)).user.offices).toEqual(both);
    // The sign-in answer is built from the same description.
    expect((await describeUser(t.ctx, w.ann.id))?.offices).toEqual(both);
    expect(ok<{ user: SessionUser }>(await get('/api/accounts/me', w.boss)).user.offices).toBeNull();
  });

  it('an office admin cannot widen their own limit, nor limit or add anyone', async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.leeds]));
    const other = await makeEmployer(t.ctx.db, w.acme, 'bob@acme.test', 'Admin');
    refused(await setOffices(w.ann.token, w.ann.id, null));
    refused(await setOffices(w.ann.token, other.id, [w.leeds]));
    refused(await t.app.inject({ method: 'DELETE', url: `/api/accounts/users/${other.id}`, headers: auth(w.ann.token) }));
    const [me] = await t.ctx.db.select({ limited: users.officeLimited }).from(users).where(eq(users.id, w.ann.id));
    expect(me!.limited).toBe(true);
    expect(await rows(t.ctx.db, sql`select 1 from users where id = ${other.id} and not office_limited`)).toHaveLength(1);
  });

  it('refuses the owner, oneself, another company\'s office and an empty list, and changes nothing', async () => {
    const owner = (await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${w.acme} and role = 'Employer'`))[0]!.id;
    const unlimited = await makeEmployer(t.ctx.db, w.acme, 'uma@acme.test', 'Admin');
    expect(json(await setOffices(unlimited.token, owner, [w.leeds]))).toEqual({ success: false, message: MESSAGES.admins.cannotLimitOwner });
    expect(json(await setOffices(w.boss, owner, [w.leeds]))).toEqual({ success: false, message: MESSAGES.admins.cannotLimitSelf });
    const foreign = await setOffices(w.boss, w.ann.id, [w.leeds, w.globexOffice]);
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toMatchObject({ success: false, message: MESSAGES.admins.officeUnknown });
    expect((await setOffices(w.boss, w.ann.id, [])).statusCode).toBe(400);
    // Another company's admin is "not found" to Acme's owner.
    const globexAdmin = await makeEmployer(t.ctx.db, (await rows<{ id: string }>(t.ctx.db, sql`select company_id as id from locations where id = ${w.globexOffice}`))[0]!.id, 'gil@globex.test', 'Admin');
    expect((await setOffices(w.boss, globexAdmin.id, [w.leeds])).statusCode).toBe(404);
    expect(await rows(t.ctx.db, sql`select 1 from admin_offices`)).toHaveLength(0);
    expect(await rows(t.ctx.db, sql`select 1 from users where office_limited`)).toHaveLength(0);
    // An unlimited admin may limit another admin.
    ok(await setOffices(unlimited.token, w.ann.id, [w.york]));
  });
});

describe('an office admin of Leeds', () => {
  beforeEach(async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.leeds]));
  });

  it('reads every insight, export and report of Leeds exactly as the owner filtered to Leeds does, and without a filter', async () => {
    for (const url of READS) {
      const owner = await get(url(`&officeId=${w.leeds}`), w.boss);
      expect(owner.statusCode, url('')).toBe(200);
      if (url('').startsWith('/api/reports/')) {
        // A report is filed for one office: the admin names theirs.
        const mine = await get(url(`&officeId=${w.leeds}`), w.ann.token);
        expect(mine.statusCode, mine.body).toBe(200);
        expect(mine.headers['x-report-id']).toBe(owner.headers['x-report-id']);
        refused(await get(url(''), w.ann.token));
        continue;
      }
      for (const filter of ['', `&officeId=${w.leeds}`]) {
        const mine = await get(url(filter), w.ann.token);
        expect(mine.statusCode, url(filter)).toBe(200);
        expect(mine.body, url(filter)).toBe(owner.body);
      }
    }
  });

  it('sees nothing of York or of "No office": each read refuses them, and no York name reaches an answer', async () => {
    for (const url of READS) {
      refused(await get(url(`&officeId=${w.york}`), w.ann.token));
      refused(await get(url('&officeId=none'), w.ann.token));
      const mine = await get(url(''), w.ann.token);
      for (const name of [...names('york'), ...names(null), 'york riders']) expect(mine.body, url('')).not.toContain(name);
    }
    const ranking = ok<Page<ParticipationRow>>(await get(`/api/employees-participation?${mq()}`, w.ann.token));
    expect(ranking.items.map((r) => r.name).sort()).toEqual(names('leeds').filter((n) => ranking.items.some((r) => r.name === n)).sort());
    expect(ranking.items.length).toBeGreaterThan(0);
  });

  it('is refused every other call of the company before it runs, and a refused write changes nothing', async () => {
    const yorker = w.people.find((p) => p.office === 'york')!;
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    refused(await t.app.inject({ method: 'POST', url: '/api/employees', headers: auth(w.ann.token), payload: { employees: [{ firstName: 'Nia', lastName: 'New', email: 'nia@acme.test', employeeNumber: 'N-1' }] } }));
    expect((await put(`/api/employees/${yorker.id}/office`, w.ann.token, { officeId: w.leeds })).statusCode).toBe(404);
    expect(json(await put(`/api/employees/${leeder.id}/office`, w.ann.token, { officeId: null }))).toEqual({ success: false, message: MESSAGES.admins.moveOutsideOffices });
    refused(await get(`/api/employers/${w.acme}/emissions`, w.ann.token));
    refused(await put(`/api/employers/${w.acme}/emissions`, w.ann.token, { includeWellToTank: true }));
    refused(await get(`/api/employers/${w.acme}/incentive`, w.ann.token));
    const offices = await t.ctx.db.select({ id: users.id, office: users.officeId }).from(users).where(eq(users.companyId, w.acme));
    expect(offices.find((u) => u.id === yorker.id)!.office).toBe(w.york);
    expect(offices.find((u) => u.id === leeder.id)!.office).toBe(w.leeds);
    const [c] = await rows<{ include_well_to_tank: boolean }>(t.ctx.db, sql`select include_well_to_tank from companies where id = ${w.acme}`);
    expect(c!.include_well_to_tank).toBe(false);
  });

  it('reads nothing once their only office is removed, never the whole company', async () => {
    await t.ctx.db.delete(locations).where(eq(locations.id, w.leeds));
    const d = ok<DashboardSummary>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token));
    expect(d).toMatchObject({ totalTrips: 0, totalParticipants: 0, totalDistanceMiles: 0, passengerMiles: 0, journeyGroups: 0 });
    const ranking = ok<Page<ParticipationRow>>(await get(`/api/employees-participation?${mq()}`, w.ann.token));
    expect(ranking.items).toEqual([]);
  });
});

describe('an office admin of Leeds: the employees and join requests', () => {
  /** Join requests: two of Leeds, one of York, one of no office. */
  let pending: { leeds: string[]; york: string; none: string };
  beforeEach(async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.leeds]));
    const request = async (first: string, officeId: string | null) => {
      const p = await makeEmployee(t.ctx.db, w.acme, first, 'Joiner', { approved: false, active: false });
      await t.ctx.db.update(users).set({ officeId }).where(eq(users.id, p.id));
      return p.id;
    };
    pending = { leeds: [await request('leedsjoin0', w.leeds), await request('leedsjoin1', w.leeds)], york: await request('yorkjoin', w.york), none: await request('nobodyjoin', null) };
  });

  const post = (url: string, token: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: auth(token) });
  const notFound = (res: Res) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.employees.notFound });
  };
  const page = async (url: string, token: string) => ok<Page<Employee>>(await get(url, token));
  /** The owner's whole list (one page), filtered to Leeds: what the admin must read, item by item, byte for byte. */
  const ownersLeeds = async (path: string, query = '') => {
    const all = await page(`${path}?pageSize=100${query}`, w.boss);
    expect(all.totalCount).toBe(all.items.length);
    return all.items.filter((e) => e.officeId === w.leeds).map((e) => JSON.stringify(e));
  };
  const state = async () =>
    (await rows<{ id: string; is_active: boolean; is_approved: boolean; office_id: string | null }>(t.ctx.db, sql`select id, is_active, is_approved, office_id from users where company_id = ${w.acme} and role = 'Employee' order by id`)).map((r) => JSON.stringify(r));

  it("lists exactly the owner's list filtered to Leeds: pages, totals, search and status; the bell counts Leeds's requests", async () => {
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    ok(await post(`/api/employees/${leeder.id}/deactivate`, w.boss, { reason: 'Left the scheme' }));
    for (const [path, query] of [
      ['/api/employees', ''],
      ['/api/employees', '&status=active'],
      ['/api/employees', '&status=deactivated'],
      ['/api/employees', '&search=smith'],
      ['/api/employees', '&search=s'],
      ['/api/employees', '&search=ee'],
      ['/api/employees', '&search=york'],
      ['/api/employees/pending', ''],
      ['/api/employees/pending', '&search=join'],
    ] as const) {
      // The owner reads first, so a kept whole-company answer would be there to leak.
      const expected = await ownersLeeds(path, query);
      const mine = await page(`${path}?pageSize=100${query}`, w.ann.token);
      expect(mine.items.map((e) => JSON.stringify(e)), path + query).toEqual(expected);
      expect(mine.totalCount, path + query).toBe(expected.length);
      // Page by page, two at a time: the same rows, the same total and page count.
      const pages: string[] = [];
      for (let n = 1; n <= Math.max(1, Math.ceil(expected.length / 2)); n += 1) {
        const p = await page(`${path}?pageSize=2&pageNumber=${n}${query}`, w.ann.token);
        expect(p.totalCount, path + query).toBe(expected.length);
        expect(p.totalPages, path + query).toBe(Math.ceil(expected.length / 2));
        pages.push(...p.items.map((e) => JSON.stringify(e)));
      }
      expect(pages, path + query).toEqual(expected);
      for (const name of [...names('york'), ...names(null), 'yorkjoin', 'nobodyjoin']) expect(JSON.stringify(mine), path + query).not.toContain(name);
    }
    // The bell: the pending list's total is Leeds's two requests; the owner's is all four.
    expect((await page('/api/employees/pending?pageSize=1', w.ann.token)).totalCount).toBe(2);
    expect((await page('/api/employees/pending?pageSize=1', w.boss)).totalCount).toBe(4);
    // Read by the admin first, the owner's page is still the whole company's.
    const first = await page('/api/employees?pageSize=100&search=smi', w.ann.token);
    expect(first.totalCount).toBe(3);
    expect((await page('/api/employees?pageSize=100&search=smi', w.boss)).totalCount).toBe(9);
  });

  it('reads a Leeds employee; one of York or of no office is not found, as an id that never was', async () => {
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    expect((await get(`/api/employees/${leeder.id}`, w.ann.token)).body).toBe((await get(`/api/employees/${leeder.id}`, w.boss)).body);
    for (const p of w.people.filter((x) => x.office !== 'leeds')) notFound(await get(`/api/employees/${p.id}`, w.ann.token));
    notFound(await get(`/api/employees/${pending.york}`, w.ann.token));
  });

  it('every write on a York or No office employee is refused as not found and changes nothing', async () => {
    const before = await state();
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    for (const other of [w.people.find((p) => p.office === 'york')!.id, w.people.find((p) => p.office === null)!.id]) {
      notFound(await post(`/api/employees/${other}/deactivate`, w.ann.token, { reason: 'Left the scheme' }));
      notFound(await post(`/api/employees/reactivate-employee/${other}`, w.ann.token));
      notFound(await put(`/api/employees/${other}/office`, w.ann.token, { officeId: w.leeds }));
      notFound(await del(`/api/employees/${other}`, w.ann.token));
    }
    for (const request of [pending.york, pending.none]) {
      notFound(await put(`/api/employees/${request}/accept`, w.ann.token, {}));
      notFound(await post(`/api/employees/${request}/reject`, w.ann.token));
      // All or nothing: a Leeds request with it is not approved either.
      notFound(await post('/api/employees/bulk-accept', w.ann.token, { employeeIds: [pending.leeds[0], request] }));
      notFound(await post('/api/employees/bulk-reject', w.ann.token, { employeeIds: [pending.leeds[0], request] }));
    }
    // Their own employee, to an office not theirs or to "No office": refused, with why.
    for (const officeId of [w.york, null, w.globexOffice]) {
      const res = await put(`/api/employees/${leeder.id}/office`, w.ann.token, { officeId });
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res)).toEqual({ success: false, message: MESSAGES.admins.moveOutsideOffices });
    }
    expect(await state()).toEqual(before);
    expect(await rows(t.ctx.db, sql`select 1 from audit_log where actor_user_id = ${w.ann.id}`)).toHaveLength(0);
  });

  it('manages Leeds employees and requests as the owner would', async () => {
    const [a, b] = w.people.filter((p) => p.office === 'leeds');
    ok(await post(`/api/employees/${a!.id}/deactivate`, w.ann.token, { reason: 'Left the scheme' }));
    ok(await post(`/api/employees/reactivate-employee/${a!.id}`, w.ann.token));
    ok(await put(`/api/employees/${a!.id}/office`, w.ann.token, { officeId: w.leeds }));
    expect(json(await put(`/api/employees/${pending.leeds[0]}/accept`, w.ann.token, {}))).toMatchObject({ success: true });
    expect(json(await post('/api/employees/bulk-reject', w.ann.token, { employeeIds: [pending.leeds[1]] }))).toMatchObject({ success: true, count: 1 });
    ok(await del(`/api/employees/${b!.id}`, w.ann.token));
    expect((await page('/api/employees/pending', w.ann.token)).totalCount).toBe(0);
    expect((await page('/api/employees/pending', w.boss)).totalCount).toBe(2);
    expect((await page('/api/employees?pageSize=100', w.ann.token)).items.map((e) => e.id).sort()).toEqual(
      [...w.people.filter((p) => p.office === 'leeds' && p.id !== b!.id).map((p) => p.id), pending.leeds[0]].sort(),
    );
  });

  it("reads the feedback of Leeds's employees only, exactly as the owner's list has it", async () => {
    for (const p of w.people) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedbacks', headers: auth(p.token), payload: { feedbackText: `From ${p.name}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    type F = { items: { fullName: string }[]; totalCount: number };
    const owner = ok<F>(await get('/api/feedbacks?pageSize=100', w.boss));
    expect(owner.totalCount).toBe(9);
    const expected = owner.items.filter((f) => names('leeds').includes(f.fullName)).map((f) => JSON.stringify(f));
    const mine = ok<F>(await get('/api/feedbacks?pageSize=100', w.ann.token));
    expect(mine.items.map((f) => JSON.stringify(f))).toEqual(expected);
    expect(mine.totalCount).toBe(3);
    const second = ok<F>(await get('/api/feedbacks?pageSize=2&pageNumber=2', w.ann.token));
    expect(second).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(second.items.map((f) => JSON.stringify(f))).toEqual(expected.slice(2));
  });

  it('an admin of Leeds and York moves an employee between their offices', async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.leeds, w.york]));
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    ok(await put(`/api/employees/${leeder.id}/office`, w.ann.token, { officeId: w.york }));
    expect((await put(`/api/employees/${leeder.id}/office`, w.ann.token, { officeId: null })).statusCode).toBe(403);
    const [u] = await t.ctx.db.select({ office: users.officeId }).from(users).where(eq(users.id, leeder.id));
    expect(u!.office).toBe(w.york);
  });
});

describe('an office admin of Leeds: journey groups', () => {
  beforeEach(async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.leeds]));
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(w.ann.token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const groupId = async (name: string) => (await rows<{ id: string }>(t.ctx.db, sql`select id from journey_groups where name = ${name}`))[0]!.id;
  /** A group of these people, as an employer would have it after they joined. */
  const groupOf = async (name: string, people: Person[]) => {
    const [g] = await t.ctx.db.insert(journeyGroups).values({ companyId: w.acme, name, nameKey: name }).returning();
    await t.ctx.db.insert(journeyGroupMembers).values(people.map((p) => ({ groupId: g!.id, userId: p.id })));
    return g!.id;
  };
  const groupsState = async () =>
    (await rows(t.ctx.db, sql`select g.id, g.name, g.meeting_points, (select array_agg(m.user_id order by m.user_id) from journey_group_members m where m.group_id = g.id) as members from journey_groups g order by g.id`)).map((r) => JSON.stringify(r));

  it('creates, renames and deletes a group whose members are all of Leeds, audited as the owner\'s would be', async () => {
    const created = await send('POST', '/api/journey-groups', { name: 'Leeds early', meetingPoints: ['Gate'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ group: { id: string; members: unknown[] } }>(created).group.id;
    ok(await send('PUT', `/api/journey-groups/${id}`, { name: 'Leeds earlier' }));
    ok(await send('DELETE', `/api/journey-groups/${id}`));
    const leeds = await groupId('leeds riders');
    expect(json(await send('PUT', `/api/journey-groups/${leeds}`, { name: 'Leeds riders two', meetingPoints: ['Car park'] }))).toMatchObject({ success: true, group: { name: 'Leeds riders two', meetingPoints: ['Car park'] } });
    ok(await send('DELETE', `/api/journey-groups/${leeds}`));
    expect(await rows(t.ctx.db, sql`select 1 from journey_groups where id in (${id}, ${leeds})`)).toHaveLength(0);
    const audit = await rows<{ action: string }>(t.ctx.db, sql`select action from audit_log where actor_user_id = ${w.ann.id} order by created_at, id`);
    expect(audit.map((a) => a.action).sort()).toEqual(['journeyGroup.changed', 'journeyGroup.changed', 'journeyGroup.created', 'journeyGroup.deleted', 'journeyGroup.deleted']);
  });

  it('lists a group with no members, the one they have just created, beside those of Leeds: renamed and deleted from that list', async () => {
    const list = async (filter = '') => ok<Page<{ id: string; name: string; manageable: boolean }>>(await get(`/api/journey-groups?pageSize=100${filter}`, w.ann.token));
    const created = await send('POST', '/api/journey-groups', { name: 'Leeds new', meetingPoints: [] });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ group: { id: string; manageable: boolean } }>(created).group.id;
    expect(json<{ group: { manageable: boolean } }>(created).group.manageable).toBe(true);
    const mine = await list();
    expect(mine.items.find((g) => g.id === id)).toMatchObject({ name: 'Leeds new', manageable: true });
    expect(mine.totalCount).toBe(mine.items.length);
    // The dashboard's Journey Groups tile counts the same groups as the list.
    const summary = ok<{ journeyGroups: number }>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token));
    expect(summary.journeyGroups).toBe(mine.totalCount);
    // The export reads the same rows.
    const csv = await get(`/api/journey-groups/export?${mq()}`, w.ann.token);
    expect(csv.body).toContain('Leeds new');
    // Naming an office lists that office's groups, as for the owner: a group with no members is no office's.
    expect((await list(`&officeId=${w.leeds}`)).items.map((g) => g.id)).not.toContain(id);
    ok(await send('PUT', `/api/journey-groups/${id}`, { name: 'Leeds newer' }));
    expect((await list()).items.find((g) => g.id === id)?.name).toBe('Leeds newer');
    ok(await send('DELETE', `/api/journey-groups/${id}`));
    expect((await list()).items.map((g) => g.id)).not.toContain(id);
    // Once a York employee joins, it is theirs no more: gone from the list, 404 to a change.
    const again = json<{ group: { id: string } }>(await send('POST', '/api/journey-groups', { name: 'Leeds again', meetingPoints: [] })).group.id;
    const yorker = w.people.find((p) => p.office === 'york')!;
    expect((await t.app.inject({ method: 'POST', url: `/api/journey-groups/${again}/join`, headers: auth(yorker.token) })).statusCode).toBe(200);
    expect((await list()).items.map((g) => g.id)).not.toContain(again);
    expect((await send('DELETE', `/api/journey-groups/${again}`)).statusCode).toBe(404);
    ok(await t.app.inject({ method: 'DELETE', url: `/api/journey-groups/${again}`, headers: auth(w.boss) }));
  });

  it('each listed group says whether they may change it, as the change answers; the owner may change every one', async () => {
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    const yorker = w.people.find((p) => p.office === 'york')!;
    const mixed = await groupOf('leeds with york', [leeder, yorker]);
    const leedsOnly = await groupId('leeds riders');
    const mine = ok<Page<{ id: string; manageable: boolean }>>(await get('/api/journey-groups?pageSize=100', w.ann.token));
    expect(mine.items.find((g) => g.id === mixed)?.manageable).toBe(false);
    expect(mine.items.find((g) => g.id === leedsOnly)?.manageable).toBe(true);
    for (const g of mine.items) {
      const res = await send('PUT', `/api/journey-groups/${g.id}`, { name: `${g.id} renamed` });
      expect(res.statusCode, res.body).toBe(g.manageable ? 200 : 403);
    }
    const owners = ok<Page<{ id: string; manageable: boolean }>>(await get('/api/journey-groups?pageSize=100', w.boss));
    expect(owners.items.every((g) => g.manageable)).toBe(true);
    ok(await t.app.inject({ method: 'DELETE', url: `/api/journey-groups/${mixed}`, headers: auth(w.boss) }));
  });

  it('a group with a member outside Leeds: absent when none is of Leeds, refused with why when one is; nothing changes', async () => {
    const leeder = w.people.find((p) => p.office === 'leeds')!;
    const yorker = w.people.find((p) => p.office === 'york')!;
    const nobody = w.people.find((p) => p.office === null)!;
    const york = await groupId('york riders');
    const mixed = await groupOf('leeds and york', [leeder, yorker]);
    const withNobody = await groupOf('leeds and nobody', [leeder, nobody]);
    const onlyNobody = await groupOf('nobody only', [nobody]);
    const before = await groupsState();
    for (const id of [york, onlyNobody]) {
      for (const res of [await send('PUT', `/api/journey-groups/${id}`, { name: 'Taken over' }), await send('DELETE', `/api/journey-groups/${id}`)]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(json(res)).toEqual({ success: false, message: MESSAGES.journeyGroups.notFound });
      }
    }
    // Listed to them (a member of Leeds), so not hidden; the York or No office member makes it not theirs to change.
    const listed = ok<Page<{ id: string }>>(await get('/api/journey-groups?pageSize=100', w.ann.token));
    expect(listed.items.map((g) => g.id)).toEqual(expect.arrayContaining([mixed, withNobody]));
    for (const id of [mixed, withNobody]) {
      for (const res of [await send('PUT', `/api/journey-groups/${id}`, { name: 'Taken over', meetingPoints: [] }), await send('DELETE', `/api/journey-groups/${id}`)]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(json(res)).toEqual({ success: false, message: MESSAGES.journeyGroups.membersOutsideOffices });
      }
    }
    // A Leeds group a York employee has since joined is no longer theirs either.
    const leeds = await groupId('leeds riders');
    const join = await t.app.inject({ method: 'POST', url: `/api/journey-groups/${leeds}/join`, headers: auth(yorker.token) });
    expect(join.statusCode, join.body).toBe(200);
    const joined = await groupsState();
    expect((await send('DELETE', `/api/journey-groups/${leeds}`)).statusCode).toBe(403);
    expect(await groupsState()).toEqual(joined);
    expect(joined.filter((g) => !g.includes(leeds))).toEqual(before.filter((g) => !g.includes(leeds)));
    expect(await rows(t.ctx.db, sql`select 1 from audit_log where actor_user_id = ${w.ann.id}`)).toHaveLength(0);
    // The owner still changes any of them.
    ok(await t.app.inject({ method: 'DELETE', url: `/api/journey-groups/${mixed}`, headers: auth(w.boss) }));
  });
});

describe('an office admin of Leeds and York', () => {
  it("reads the sum of their offices' figures, month by month", async () => {
    ok(await setOffices(w.boss, w.ann.id, [w.york, w.leeds]));
    const of = async <T>(path: string, o: string) => ok<T>(await get(`${path}?${mq()}${o}`, w.boss));
    const mine = ok<DashboardSummary>(await get(`/api/dashboard/summary?${mq()}`, w.ann.token));
    const leeds = await of<DashboardSummary>('/api/dashboard/summary', `&officeId=${w.leeds}`);
    const york = await of<DashboardSummary>('/api/dashboard/summary', `&officeId=${w.york}`);
    const company = await of<DashboardSummary>('/api/dashboard/summary', '');
    expect(mine.totalTrips).toBe(leeds.totalTrips + york.totalTrips);
    expect(mine.totalParticipants).toBe(leeds.totalParticipants + york.totalParticipants);
    expect(mine.totalDistanceMiles).toBeCloseTo(leeds.totalDistanceMiles + york.totalDistanceMiles, 2);
    expect(mine.passengerMiles).toBeCloseTo(leeds.passengerMiles + york.passengerMiles, 2);
    // Not the company's: "No office" has trips and passengers of its own.
    expect(mine.totalTrips).toBeLessThan(company.totalTrips);
    expect(mine.passengerMiles).toBeLessThan(company.passengerMiles);
    const trend = ok<MonthlyTrend>(await get(`/api/dashboard/trend?${mq()}`, w.ann.token));
    const trendLeeds = await of<MonthlyTrend>('/api/dashboard/trend', `&officeId=${w.leeds}`);
    const trendYork = await of<MonthlyTrend>('/api/dashboard/trend', `&officeId=${w.york}`);
    expect(JSON.stringify(trend)).not.toBe(JSON.stringify(trendLeeds));
    const sum = (x: MonthlyTrend) => JSON.stringify(x).match(/\d+(\.\d+)?/g)!.map(Number);
    // Every number of the trend is the sum of the two offices' (the months themselves aside).
    const [a, l, y] = [sum(trend), sum(trendLeeds), sum(trendYork)];
    expect(a.length).toBe(l.length);
    a.forEach((v, i) => {
      if (v !== l[i] || v !== y[i]) expect(v).toBeCloseTo(l[i]! + y[i]!, 2);
    });
  });
});
