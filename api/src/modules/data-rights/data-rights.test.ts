import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, nameKey, type PersonalDataExport } from '@portal/shared-contracts';
import * as schema from '../../db/schema';
import { rows } from '../../db/sql';
import { json, useTestApp } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, makeEmployee, monthFromNow, postTrip, thisMonthAt } from '../../test/trips-world';
import { erasedEmail } from './erase';
import { PERSON_COLUMNS } from './personal-data';

const t = useTestApp();
const M = MESSAGES.dataRights;

interface World {
  acme: string;
  globex: string;
  boss: string;
  rival: string;
  dan: { id: string; token: string };
  pat: { id: string; token: string };
  kim: { id: string; token: string };
  group: string;
  office: string;
}
let w: World;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
const erase = (token: string, id: string) => post(token, `/api/employees/${id}/erase`, { confirm: true });

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const c = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 1, numberOfMiles: 5 } });
  const dan = await makeEmployee(db, c.acme, 'Dan', 'Driver', { car: true });
  const pat = await makeEmployee(db, c.acme, 'Pat', 'Passenger');
  const kim = await makeEmployee(db, c.acme, 'Kim', 'Keeper', { car: true });
  const [g] = await rows<{ id: string }>(db, sql`insert into journey_groups (company_id, name, name_key) values (${c.acme}, 'Leeds North', ${nameKey('Leeds North')}) returning id`);
  // Dan and Pat work at the Leeds office, so the figures by office must hold through an erasure too.
  const [office] = await rows<{ id: string }>(db, sql`insert into locations (company_id, address_line1, town, postal_code) values (${c.acme}, '1 Leeds Road', 'Leeds', 'LS1 1AA') returning id`);
  await db.execute(sql`update users set office_id = ${office!.id} where id in (${dan.id}, ${pat.id})`);
  w = { ...c, dan, pat, kim, group: g!.id, office: office!.id };
  for (const p of [dan, pat, kim]) expect((await post(p.token, `/api/journey-groups/${w.group}/join`)).statusCode).toBe(200);
  // Dan drives Pat twice (once in the group), Kim drives Pat and Dan; last month too, so the trend has history.
  expect((await postTrip(t.app, dan.token, { passengerIds: [pat.id], distanceMiles: 12.5, journeyGroupId: w.group })).statusCode).toBe(201);
  expect((await postTrip(t.app, dan.token, { passengerIds: [pat.id], distanceMiles: 7.25, startedAt: monthFromNow(-1).start.toISOString() })).statusCode).toBe(201);
  // Kim's first trip overlaps Dan's (same moment): flagged, it names Dan and Pat in its flags and counts nowhere.
  expect((await postTrip(t.app, kim.token, { passengerIds: [pat.id, dan.id], distanceMiles: 20 })).statusCode).toBe(201);
  expect((await postTrip(t.app, kim.token, { passengerIds: [pat.id], distanceMiles: 15.5, startedAt: thisMonthAt(3) })).statusCode).toBe(201);
  expect((await post(pat.token, '/api/feedbacks', { feedbackText: 'Dan is always on time, call me on 07700 900123' })).statusCode).toBe(201);
});

/** Every figure the company's insights, billing and report answer, with the names taken out. */
async function figures(token: string): Promise<Record<string, unknown>> {
  const { year, month } = monthFromNow(0);
  const q = `companyId=${w.acme}&year=${year}&month=${month}`;
  const urls = {
    dashboard: `/api/dashboard/summary?${q}`,
    trend: `/api/dashboard/trend?${q}`,
    co2: `/api/journey-groups/co2?${q}`,
    participation: `/api/employees-participation?${q}&pageSize=100`,
    participationAllTime: `/api/employee-participation?companyId=${w.acme}&pageSize=100`,
    groupsMonth: `/api/journey-groups?${q}&pageSize=100`,
    groupsAllTime: `/api/journey-groups?companyId=${w.acme}&pageSize=100`,
    groupsExport: `/api/journey-groups/export?companyId=${w.acme}`,
    feedbacks: `/api/feedbacks?companyId=${w.acme}&pageSize=100`,
    billing: `/api/payment-billing?companyId=${w.acme}`,
    history: `/api/payment-history?companyId=${w.acme}`,
    category7: `/api/reports/category7?companyId=${w.acme}&year=${year}&format=csv`,
    officeDashboard: `/api/dashboard/summary?${q}&officeId=${w.office}`,
    officeTrend: `/api/dashboard/trend?${q}&officeId=${w.office}`,
    officeCo2: `/api/journey-groups/co2?${q}&officeId=${w.office}`,
    officeParticipation: `/api/employees-participation?${q}&pageSize=100&officeId=${w.office}`,
    noOfficeDashboard: `/api/dashboard/summary?${q}&officeId=none`,
  };
  const out: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(urls)) {
    const res = await get(token, url);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    out[name] = res.headers['content-type']?.toString().startsWith('application/json') ? withoutNames(json(res)) : res.body;
  }
  // The export lists members by name ("A; B; C"): how many there are is the figure.
  out.groupsExport = (out.groupsExport as string)
    .split('\n')
    .map((line, i) => (i === 0 || !line ? line : line.split(',').map((cell, c) => (c === 1 ? String(cell.split('; ').length) : cell)).join(',')))
    .join('\n');
  return out;
}

/** Labels of a person (names, department, account type, feedback text, ids): what an erasure takes away. */
const PERSON_FIELDS = new Set(['id', 'name', 'firstName', 'lastName', 'fullName', 'department', 'accountType', 'employeeNumber', 'feedbackText', 'employeeId', 'email']);
function withoutNames(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNames);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => !PERSON_FIELDS.has(k)).map(([k, x]) => [k, withoutNames(x)]));
  return v;
}

/** Every column that names a user: a foreign key to users, or a name that says so. */
function personColumns(): string[] {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTableClass)) continue;
    const config = getTableConfig(table as PgTable);
    const viaKey = new Set(config.foreignKeys.filter((fk) => getTableConfig(fk.reference().foreignTable).name === 'users').flatMap((fk) => fk.reference().columns.map((c) => c.name)));
    for (const column of config.columns) {
      const named = /(^|_)(user|employee|driver|passenger|actor_user|target)_id$|_by$|^to$/.test(column.name);
      if (viaKey.has(column.name) || named || (config.name === 'users' && column.name === 'id')) found.push(`${config.name}.${column.name}`);
    }
  }
  return found.sort();
}

describe('the classification of personal data', () => {
  it('covers every column of the schema that names a user, and no other', () => {
    expect(personColumns()).toEqual(Object.keys(PERSON_COLUMNS).sort());
  });
});

describe('an employer exports an employee', () => {
  it('answers a JSON file with every table that holds rows about them, and no secret', async () => {
    await t.ctx.db.execute(sql`insert into auth_events (kind, user_id, email, ip) values ('login', ${w.pat.id}, null, '192.0.2.1')`);
    await post(w.pat.token, '/api/me/erasure-request');
    const res = await get(w.boss, `/api/employees/${w.pat.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="employee-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.json"/);
    const data = json<PersonalDataExport>(res);
    expect(data.subject.id).toBe(w.pat.id);
    // Every table the classification says is exported is in the file.
    const exported = [...new Set(Object.values(PERSON_COLUMNS).flatMap((c) => (c.export ? [c.export] : [])))].sort();
    expect(Object.keys(data.tables).sort()).toEqual(exported);
    const t_ = data.tables;
    expect(t_.users).toHaveLength(1);
    expect(t_.users![0]).toMatchObject({ first_name: 'Pat', last_name: 'Passenger' });
    expect(t_.trip_passengers).toHaveLength(4);
    expect(t_.feedbacks!.map((f) => f.feedback_text)).toEqual(['Dan is always on time, call me on 07700 900123']);
    expect(t_.journey_group_members!.map((g) => g.group_name)).toEqual(['Leeds North']);
    expect(t_.sessions!.length).toBeGreaterThan(0);
    expect(t_.auth_events).toHaveLength(1);
    expect(t_.erasure_requests).toHaveLength(1);
    expect(t_.employee_trip_totals![0]).toMatchObject({ trips_as_passenger: 3 });
    expect(t_.audit_log!.map((a) => a.action)).toContain('employee.erasureRequested');
    expect(res.body).not.toMatch(/password_hash|token_hash|state_hash|id_token/);
    // A driver's export holds their trips and vehicle.
    const dan = json<PersonalDataExport>(await get(w.boss, `/api/employees/${w.dan.id}/export`));
    expect(dan.tables.trips).toHaveLength(2);
    expect(dan.tables.vehicles![0]).toMatchObject({ make: 'Ford' });
    // The export itself is audited, naming who was exported.
    const [entry] = await rows<{ target_id: string }>(t.ctx.db, sql`select target_id from audit_log where action = 'employee.exported' order by created_at limit 1`);
    expect(entry?.target_id).toBe(w.pat.id);
  });

  it("is refused for another company's employee, an administrator, and an id that is not one", async () => {
    expect((await get(w.rival, `/api/employees/${w.pat.id}/export`)).statusCode).toBe(404);
    const [boss] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where email = 'boss@acme.test'`);
    expect((await get(w.boss, `/api/employees/${boss!.id}/export`)).statusCode).toBe(404);
    const bad = await get(w.boss, '/api/employees/not-an-id/export');
    expect(bad.statusCode).toBe(404);
    expect(json(bad)).toMatchObject({ success: false });
  });

  it('lets an employee export their own data, and nobody else through it', async () => {
    const res = await get(w.pat.token, '/api/me/export');
    expect(res.statusCode).toBe(200);
    const data = json<PersonalDataExport>(res);
    expect(data.subject.id).toBe(w.pat.id);
    expect(data.tables.users![0]).toMatchObject({ email: expect.stringContaining('pat.passenger') });
    expect((await get(w.boss, '/api/me/export')).statusCode).toBe(403);
  });
});

describe('an employer erases an employee', () => {
  it('leaves every figure of the company as it was: insights, journey groups, billing, the Category 7 report', async () => {
    // Two leavers: deactivated first, so the active headcount is not what changes.
    for (const p of [w.dan, w.pat]) expect((await post(w.boss, `/api/employees/${p.id}/deactivate`, { reason: 'Left the company' })).statusCode).toBe(200);
    const before = await figures(w.boss);
    expect((before.dashboard as { totalTrips: number }).totalTrips).toBe(2);
    expect((before.officeDashboard as { totalTrips: number }).totalTrips).toBe(1);
    for (const p of [w.dan, w.pat]) {
      const res = await erase(w.boss, p.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ success: true, message: M.employeeErased });
    }
    const after = await figures(w.boss);
    expect(after).toEqual(before);
  });

  it('removes the person from every table and keeps nothing that leads back to them', async () => {
    const db = t.ctx.db;
    const [pat] = await rows<{ email: string }>(db, sql`select email from users where id = ${w.pat.id}`);
    await db.execute(sql`insert into auth_events (kind, user_id, email) values ('login.failed', null, ${pat!.email})`);
    await db.execute(sql`insert into mail_outbox ("to", subject, text, kind, status) values (${pat!.email}, 'Hello', 'Hi Pat', 'invite', 'kept')`);
    await post(w.boss, `/api/employees/${w.pat.id}/deactivate`, { reason: 'Pat Passenger moved to Leeds' });
    const res = await erase(w.boss, w.pat.id);
    expect(res.statusCode).toBe(200);
    const anon = json<{ anonymousId: string }>(res).anonymousId;
    expect(anon).not.toBe(w.pat.id);
    // No row of any table names the person: their id, email, or name.
    for (const table of Object.values(schema)) {
      if (!is(table, PgTableClass)) continue;
      const name = getTableConfig(table as PgTable).name;
      const hits = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(name)} x
          where x::text ilike ${`%${w.pat.id}%`} or x::text ilike ${`%${pat!.email}%`} or x::text ilike '%Pat Passenger%' or x::text ilike '%07700 900123%'`,
      );
      expect(hits[0]!.n, name).toBe(0);
    }
    // The anonymous record holds the figures, nothing personal, and cannot sign in.
    const [record] = await rows<Record<string, unknown>>(db, sql`select * from users where id = ${anon}`);
    expect(record).toMatchObject({ email: erasedEmail(anon), name: M.erasedName, first_name: M.erasedFirstName, last_name: M.erasedLastName, phone_number: null, employee_number: null, is_active: false });
    expect(await rows(db, sql`select 1 from trip_passengers where passenger_id = ${anon}`)).toHaveLength(4);
    expect(await rows(db, sql`select feedback_text from feedbacks where employee_id = ${anon}`)).toEqual([{ feedback_text: M.feedbackRemoved }]);
    // Their session ended; the erasure is audited without the erased data.
    expect((await get(w.pat.token, '/api/me/export')).statusCode).toBe(401);
    const entries = await rows<{ action: string; target_label: string; reason: string | null; summary: string }>(
      db,
      sql`select action, target_label, reason, summary from audit_log where target_id = ${anon} order by created_at`,
    );
    expect(entries.map((e) => e.action)).toEqual(['employee.deactivated', 'employee.erased']);
    expect(entries.every((e) => e.target_label === M.erasedName && e.reason === null)).toBe(true);
    // Erasing the anonymous record again is refused.
    expect((await erase(w.boss, anon)).statusCode).toBe(409);
  });

  it('erases a driver: their trips stay with the company under the anonymous record', async () => {
    const res = await erase(w.boss, w.dan.id);
    const anon = json<{ anonymousId: string }>(res).anonymousId;
    expect(await rows(t.ctx.db, sql`select 1 from trips where driver_id = ${anon}`)).toHaveLength(2);
    expect(await rows(t.ctx.db, sql`select 1 from vehicles where user_id = ${anon}`)).toHaveLength(0);
    expect(await rows(t.ctx.db, sql`select 1 from journey_group_members where user_id = ${anon}`)).toHaveLength(1);
  });

  it('needs the confirmation, and stays within the caller’s company', async () => {
    const missing = await post(w.boss, `/api/employees/${w.pat.id}/erase`, {});
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(json(missing))).toContain(M.confirmRequired);
    expect((await post(w.boss, `/api/employees/${w.pat.id}/erase`, { confirm: 'yes' })).statusCode).toBe(400);
    expect((await erase(w.rival, w.pat.id)).statusCode).toBe(404);
    expect((await erase(w.pat.token, w.pat.id)).statusCode).toBe(403);
    const [still] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from users where id = ${w.pat.id}`);
    expect(still!.n).toBe(1);
  });

  it('rolls everything back when a step fails', async () => {
    await t.ctx.db.execute(sql`create or replace function refuse_erasure() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await t.ctx.db.execute(sql`create trigger refuse_erasure before delete on users for each row execute function refuse_erasure()`);
    try {
      expect((await erase(w.boss, w.pat.id)).statusCode).toBe(500);
      expect(await rows(t.ctx.db, sql`select 1 from users where erased_at is not null`)).toHaveLength(0);
      expect(await rows(t.ctx.db, sql`select 1 from trip_passengers where passenger_id = ${w.pat.id}`)).toHaveLength(4);
      expect(await rows(t.ctx.db, sql`select 1 from audit_log where action = 'employee.erased'`)).toHaveLength(0);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_erasure on users`);
    }
  });
});

describe('an erased employee stays erased', () => {
  const csvFile = (content: string) => {
    const boundary = '----erased-roster-boundary';
    return {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('refuses to reactivate or approve the anonymous record, and the list says it is erased', async () => {
    const anon = json<{ anonymousId: string }>(await erase(w.boss, w.pat.id)).anonymousId;
    const shown = json<{ employee: { isActive: boolean; isErased: boolean } }>(await get(w.boss, `/api/employees/${anon}`));
    expect(shown.employee).toMatchObject({ isActive: false, isErased: true });
    expect(json<{ employee: { isErased: boolean } }>(await get(w.boss, `/api/employees/${w.kim.id}`)).employee.isErased).toBe(false);

    const again = await post(w.boss, `/api/employees/reactivate-employee/${anon}`);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ success: false, message: M.erasedNotReactivated });
    const accepted = await t.app.inject({ method: 'PUT', url: `/api/employees/${anon}/accept`, headers: bearer(w.boss) });
    expect(accepted.statusCode).toBe(409);
    const [row] = await rows<{ is_active: boolean }>(t.ctx.db, sql`select is_active from users where id = ${anon}`);
    expect(row).toEqual({ is_active: false });
    // Whatever a future path forgets to check, the database keeps the record inactive.
    await expect(t.ctx.db.execute(sql`update users set is_active = true where id = ${anon}`)).rejects.toThrow();
  });

  it('refuses to move the anonymous record to another office or to none, so the office figures stay; deleting it is allowed', async () => {
    const anon = json<{ anonymousId: string }>(await erase(w.boss, w.pat.id)).anonymousId;
    const [york] = await rows<{ id: string }>(t.ctx.db, sql`insert into locations (company_id, address_line1, town, postal_code) values (${w.acme}, '1 York Road', 'York', 'YO1 1AA') returning id`);
    const before = await figures(w.boss);
    for (const officeId of [york!.id, null, w.office]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/employees/${anon}/office`, headers: bearer(w.boss), payload: { officeId } });
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toEqual({ success: false, message: M.erasedNotMoved });
    }
    expect(await rows(t.ctx.db, sql`select office_id from users where id = ${anon}`)).toEqual([{ office_id: w.office }]);
    expect(await rows(t.ctx.db, sql`select 1 from audit_log where action = 'employee.officeChanged'`)).toHaveLength(0);
    expect(await figures(w.boss)).toEqual(before);
    // Deleting holds no one's personal data back: the record goes as any employee's does.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/employees/${anon}`, headers: bearer(w.boss) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rows(t.ctx.db, sql`select 1 from users where id = ${anon}`)).toHaveLength(0);
  });

  it('a join request whose person was erased is neither approved nor rejected, one by one or in bulk', async () => {
    const joiner = await makeEmployee(t.ctx.db, w.acme, 'Jo', 'Joiner', { approved: false, active: false });
    const other = await makeEmployee(t.ctx.db, w.acme, 'Ola', 'Other', { approved: false, active: false });
    const anon = json<{ anonymousId: string }>(await erase(w.boss, joiner.id)).anonymousId;
    const state = () => rows(t.ctx.db, sql`select id, is_approved, is_active from users where id in (${anon}, ${other.id}) order by id`);
    const before = await state();
    expect(before).toHaveLength(2);
    for (const res of [
      await t.app.inject({ method: 'PUT', url: `/api/employees/${anon}/accept`, headers: bearer(w.boss), payload: {} }),
      await post(w.boss, `/api/employees/${anon}/reject`),
      await post(w.boss, '/api/employees/bulk-accept', { employeeIds: [other.id, anon] }),
      await post(w.boss, '/api/employees/bulk-reject', { employeeIds: [other.id, anon] }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toEqual({ success: false, message: M.erasedRequestClosed });
    }
    expect(await state()).toEqual(before);
    expect(await rows(t.ctx.db, sql`select 1 from audit_log where action in ('employee.approved', 'employee.rejected')`)).toHaveLength(0);
  });

  it('is no SCIM User: not listed, not found, and its address cannot be provisioned', async () => {
    const anon = json<{ anonymousId: string }>(await erase(w.boss, w.pat.id)).anonymousId;
    const created = await post(w.boss, '/api/scim/tokens', { name: 'Entra ID' });
    const token = json<{ token: string }>(created).token;
    const scim = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/scim/v2${url}`, headers: { ...bearer(token), 'content-type': 'application/scim+json' }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
    const list = JSON.parse((await scim('GET', '/Users?count=100')).body) as { Resources: { id: string }[] };
    expect(list.Resources.map((r) => r.id)).not.toContain(anon);
    expect(list.Resources.map((r) => r.id)).toContain(w.kim.id);
    const user = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: erasedEmail(anon), name: { givenName: 'Erased', familyName: 'employee' }, active: true };
    expect((await scim('PUT', `/Users/${anon}`, user)).statusCode).toBe(404);
    expect((await scim('POST', '/Users', user)).statusCode).toBe(409);
    const [row] = await rows<{ is_active: boolean }>(t.ctx.db, sql`select is_active from users where id = ${anon}`);
    expect(row).toEqual({ is_active: false });
  });

  it('a roster file naming the anonymous record reports it on its line and makes nothing active', async () => {
    const anon = json<{ anonymousId: string }>(await erase(w.boss, w.pat.id)).anonymousId;
    const [kim] = await rows<{ email: string; employee_number: string }>(t.ctx.db, sql`select email, employee_number from users where id = ${w.kim.id}`);
    const [dan] = await rows<{ email: string; employee_number: string }>(t.ctx.db, sql`select email, employee_number from users where id = ${w.dan.id}`);
    const csv = ['firstName,lastName,email,employeeNumber', `Kim,Keeper,${kim!.email},${kim!.employee_number}`, `Dan,Driver,${dan!.email},${dan!.employee_number}`, `Erased,employee,${erasedEmail(anon)},E-999`].join('\n');
    const f = csvFile(csv);
    const res = await t.app.inject({ method: 'POST', url: '/api/employees/roster/preview', payload: f.payload, headers: { ...f.headers, ...bearer(w.boss) } });
    expect(res.statusCode, res.body).toBe(200);
    const { diff } = json<{ diff: { fingerprint: string; changed: { id: string }[]; errors: { line: number; message: string }[] } }>(res);
    expect(diff.changed.map((c) => c.id)).not.toContain(anon);
    expect(diff.errors).toEqual([expect.objectContaining({ line: 4, message: M.erasedInRoster })]);
    const applied = await t.app.inject({ method: 'POST', url: `/api/employees/roster/apply?fingerprint=${diff.fingerprint}`, payload: f.payload, headers: { ...f.headers, ...bearer(w.boss) } });
    expect(applied.statusCode).toBe(400);
    const [row] = await rows<{ is_active: boolean }>(t.ctx.db, sql`select is_active from users where id = ${anon}`);
    expect(row).toEqual({ is_active: false });
  });
});

describe('an employee asks to be erased', () => {
  it('is recorded once, shown to their employer only, and carried out by the erasure', async () => {
    const first = await post(w.pat.token, '/api/me/erasure-request');
    expect(first.statusCode).toBe(200);
    const again = await post(w.pat.token, '/api/me/erasure-request');
    expect(json(again)).toMatchObject({ requestedAt: json(first).requestedAt, dueAt: json(first).dueAt });
    const listed = json<{ requests: Array<{ employeeId: string; name: string }> }>(await get(w.boss, '/api/data-rights/erasure-requests'));
    expect(listed.requests).toEqual([expect.objectContaining({ employeeId: w.pat.id, name: 'Pat Passenger' })]);
    expect(json<{ requests: unknown[] }>(await get(w.rival, '/api/data-rights/erasure-requests')).requests).toEqual([]);
    expect(await rows(t.ctx.db, sql`select 1 from audit_log where action = 'employee.erasureRequested'`)).toHaveLength(1);
    await erase(w.boss, w.pat.id);
    expect(json<{ requests: unknown[] }>(await get(w.boss, '/api/data-rights/erasure-requests')).requests).toEqual([]);
    const [done] = await rows<{ user_id: string | null; completed_at: unknown }>(t.ctx.db, sql`select user_id, completed_at from erasure_requests`);
    expect(done).toMatchObject({ user_id: null });
    expect(done!.completed_at).not.toBeNull();
  });
});

