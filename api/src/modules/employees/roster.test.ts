import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type RosterDiff } from '@portal/shared-contracts';
import { sessions } from '../../db/schema';
import { rows } from '../../db/sql';
import { readOutbox } from '../../mail/mailer';
import { acmeAndGlobexLtd, addEmployee as addEmployeeTo, fileUpload, type EmployeeOptions } from '../../test/employees-world';
import { bearer, employerRows, json, signedInUser, useTestApp } from '../../test/test-support';

const t = useTestApp();

let acme: string;
let globex: string;
let erin: string;
let erinId: string;
let gus: string;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  ({ acme, globex } = await acmeAndGlobexLtd(db));
  // The people as rows (registration and sign-in have their own tests).
  const e = await employerRows(db, acme, 'erin@acme.test');
  erin = e.token;
  erinId = e.id;
  gus = (await employerRows(db, globex, 'gus@globex.test')).token;
  await signedInUser(db, { email: 'ada@acme.test', name: 'Ada Admin', role: 'Admin', companyId: acme, password: 'Admin-pass1' });
});

const addEmployee = (companyId: string, o: EmployeeOptions) => addEmployeeTo(t.ctx.db, companyId, o);

const multipart = (content: string) => fileUpload(content, { filename: 'roster.csv' });

const preview = (csv: string, token = erin) => {
  const m = multipart(csv);
  return t.app.inject({ method: 'POST', url: '/api/employees/roster/preview', payload: m.payload, headers: { ...m.headers, ...bearer(token) } });
};

const apply = (csv: string, fingerprint: string, { token = erin, confirmLeaving = false } = {}) => {
  const m = multipart(csv);
  const query = new URLSearchParams({ fingerprint, ...(confirmLeaving ? { confirmLeaving: 'true' } : {}) });
  return t.app.inject({ method: 'POST', url: `/api/employees/roster/apply?${query}`, payload: m.payload, headers: { ...m.headers, ...bearer(token) } });
};

const HEADER = 'firstName,lastName,email,employeeNumber,department';

/** Acme's employees as the list shows them: email, name, number, department, status. */
async function roster(companyId = acme) {
  return rows<{ email: string; name: string; employee_number: string; department: string | null; is_active: boolean; is_approved: boolean; deactivation_reason: string | null }>(
    t.ctx.db,
    sql`select email, name, employee_number, department, is_active, is_approved, deactivation_reason from users where company_id = ${companyId} and role = 'Employee' order by email`,
  );
}

/** Ann stays, Bob changes department and surname, Cat leaves, Dan is new. */
async function seedThree() {
  await addEmployee(acme, { first: 'Ann', last: 'Able', email: 'ann@acme.test', number: 'A-1', department: 'Sales' });
  const bob = await addEmployee(acme, { first: 'Bob', last: 'Baker', email: 'bob@acme.test', number: 'B-2', department: 'Ops' });
  const cat = await addEmployee(acme, { first: 'Cat', last: 'Cole', email: 'cat@acme.test', number: 'C-3' });
  const csv = [HEADER, 'Ann,Able,ann@acme.test,A-1,Sales', 'Bob,Brown,BOB@acme.test,B-2,Finance', 'Dan,Dale,dan@acme.test,D-4,'].join('\n') + '\n';
  return { bob, cat, csv };
}

describe('roster preview', () => {
  it('answers new, changed (field, old -> new) and leaving rows, and writes nothing', async () => {
    const { bob, cat, csv } = await seedThree();
    const before = await roster();
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const { diff } = json<{ diff: RosterDiff }>(res);
    expect(diff.added).toEqual([{ line: 4, email: 'dan@acme.test', firstName: 'Dan', lastName: 'Dale', employeeNumber: 'D-4', department: null }]);
    expect(diff.changed).toEqual([
      {
        line: 3,
        id: bob,
        email: 'bob@acme.test',
        name: 'Bob Baker',
        changes: [
          { field: 'lastName', from: 'Baker', to: 'Brown' },
          { field: 'department', from: 'Ops', to: 'Finance' },
        ],
      },
    ]);
    expect(diff.leaving).toEqual([{ id: cat, email: 'cat@acme.test', name: 'Cat Cole', employeeNumber: 'C-3' }]);
    expect(diff.unchanged).toBe(1);
    expect(diff.activeBefore).toBe(3);
    expect(diff.needsLeavingConfirmation).toBe(false);
    expect(diff.errors).toEqual([]);
    expect(diff.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await roster()).toEqual(before);
  });

  it('never lists administrators as leaving, and a row naming one leaves them as they are', async () => {
    await addEmployee(acme, { first: 'Ann', last: 'Able', email: 'ann@acme.test', number: 'A-1' });
    const res = await preview(`${HEADER}\nAnn,Able,ann@acme.test,A-1,\nAda,Renamed,ada@acme.test,X-1,\n`);
    const { diff } = json<{ diff: RosterDiff }>(res);
    expect(diff.leaving).toEqual([]);
    expect(diff.added).toEqual([]);
    expect(diff.unchanged).toBe(2);
  });

  it('reports rows with problems per line: a bad email, the same address twice, a number another employee holds', async () => {
    await addEmployee(acme, { first: 'Ann', last: 'Able', email: 'ann@acme.test', number: 'A-1' });
    // Cat leaves, but her number stays hers: a new row cannot take it.
    await addEmployee(acme, { first: 'Cat', last: 'Cole', email: 'cat@acme.test', number: 'C-3' });
    const csv = `${HEADER}\nAnn,Able,ann@acme.test,A-1,\nBad,Row,not-an-email,B-1,\nDan,Dale,dan@acme.test,C-3,\nAnn,Twice,ANN@acme.test,Z-9,\n`;
    const { diff } = json<{ diff: RosterDiff }>(await preview(csv));
    expect(diff.errors).toEqual([
      { line: 3, field: 'email', message: MESSAGES.manualRow.emailInvalid },
      { line: 4, field: 'employeeNumber', message: MESSAGES.employees.employeeNumberTaken },
      { line: 5, field: 'email', message: MESSAGES.employees.duplicateInFile(2) },
    ]);
  });

  it('a pending or deactivated employee the file names becomes active (a status change)', async () => {
    await addEmployee(acme, { first: 'Pat', last: 'Pending', email: 'pat@acme.test', number: 'P-1', approved: false, active: false });
    await addEmployee(acme, { first: 'Dee', last: 'Gone', email: 'dee@acme.test', number: 'D-1', active: false });
    const { diff } = json<{ diff: RosterDiff }>(await preview(`${HEADER}\nPat,Pending,pat@acme.test,P-1,\nDee,Gone,dee@acme.test,D-1,\n`));
    expect(diff.changed.map((c) => c.changes)).toEqual([[{ field: 'status', from: 'Pending', to: 'Active' }], [{ field: 'status', from: 'Deactivated', to: 'Active' }]]);
    expect(diff.leaving).toEqual([]);
  });

  it("answers a file's problems as the import does (bad header 400)", async () => {
    const res = await preview('name,mail\nA,b\n');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.employees.csvColumns);
  });
});

describe('roster apply', () => {
  it('adds, updates and deactivates the previewed difference in one go, with one audit entry of the counts', async () => {
    const { cat, csv } = await seedThree();
    const [s] = await t.ctx.db.insert(sessions).values({ userId: cat, tokenHash: 'cat-session', expiresAt: new Date(Date.now() + 3_600_000) }).returning();
    expect(s).toBeTruthy();
    const { diff } = json<{ diff: RosterDiff }>(await preview(csv));
    const res = await apply(csv, diff.fingerprint);
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; report: RosterDiff }>(res);
    expect(body.message).toBe(MESSAGES.roster.applied);
    expect({ ...body.report, fingerprint: '' }).toEqual({ ...diff, fingerprint: '' });
    expect(await roster()).toEqual([
      { email: 'ann@acme.test', name: 'Ann Able', employee_number: 'A-1', department: 'Sales', is_active: true, is_approved: true, deactivation_reason: null },
      { email: 'bob@acme.test', name: 'Bob Brown', employee_number: 'B-2', department: 'Finance', is_active: true, is_approved: true, deactivation_reason: null },
      { email: 'cat@acme.test', name: 'Cat Cole', employee_number: 'C-3', department: null, is_active: false, is_approved: true, deactivation_reason: MESSAGES.roster.leftReason },
      { email: 'dan@acme.test', name: 'Dan Dale', employee_number: 'D-4', department: null, is_active: true, is_approved: true, deactivation_reason: null },
    ]);
    // The leaver's sessions ended; the newcomer was invited.
    expect(await rows(t.ctx.db, sql`select 1 from sessions where user_id = ${cat}`)).toEqual([]);
    expect((await readOutbox(t.ctx.db)).filter((m) => m.to === 'dan@acme.test')).toHaveLength(1);
    const audit = await rows<{ action: string; summary: string; actor_user_id: string }>(t.ctx.db, sql`select action, summary, actor_user_id from audit_log where company_id = ${acme}`);
    expect(audit).toEqual([{ action: 'employees.rosterReplaced', summary: expect.stringContaining(MESSAGES.roster.auditDetail(1, 1, 1)), actor_user_id: erinId }]);
  });

  it('refuses (409, preview again) when the roster changed since the preview, and changes nothing', async () => {
    const { csv } = await seedThree();
    const { diff } = json<{ diff: RosterDiff }>(await preview(csv));
    await addEmployee(acme, { first: 'Eve', last: 'Late', email: 'eve@acme.test', number: 'E-5' });
    const before = await roster();
    const res = await apply(csv, diff.fingerprint);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.roster.stale });
    expect(await roster()).toEqual(before);
  });

  it('refuses (409) another file than the one previewed', async () => {
    const { csv } = await seedThree();
    const { diff } = json<{ diff: RosterDiff }>(await preview(csv));
    const res = await apply(csv.replace('Finance', 'Legal'), diff.fingerprint);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(MESSAGES.roster.stale);
  });

  it('a file that would deactivate more than half needs confirmLeaving=true', async () => {
    const { csv } = await seedThree();
    const only = `${HEADER}\nDan,Dale,dan@acme.test,D-4,\n`;
    void csv;
    const { diff } = json<{ diff: RosterDiff }>(await preview(only));
    expect(diff.leaving).toHaveLength(3);
    expect(diff.needsLeavingConfirmation).toBe(true);
    const refused = await apply(only, diff.fingerprint);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(MESSAGES.roster.leavingNeedsConfirmation(3, 3));
    expect((await roster()).filter((r) => r.is_active)).toHaveLength(3);
    const done = await apply(only, diff.fingerprint, { confirmLeaving: true });
    expect(done.statusCode).toBe(200);
    expect((await roster()).filter((r) => r.is_active).map((r) => r.email)).toEqual(['dan@acme.test']);
  });

  it('refuses a file with row problems (400 with the report)', async () => {
    await seedThree();
    const bad = `${HEADER}\nAnn,Able,ann@acme.test,A-1,\nBad,Row,not-an-email,B-1,\n`;
    const { diff } = json<{ diff: RosterDiff }>(await preview(bad));
    const res = await apply(bad, diff.fingerprint, { confirmLeaving: true });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: unknown[] }>(res).errors).toEqual([{ line: 3, field: 'email', message: MESSAGES.manualRow.emailInvalid }]);
  });

  it('a failure at the database halfway (the last leaver) changes nothing: no account, no update, no deactivation, no audit', async () => {
    const { csv } = await seedThree();
    await addEmployee(acme, { first: 'Fay', last: 'Fail', email: 'fay@acme.test', number: 'F-6' });
    // The database refuses the deactivation of one leaver, after the inserts and updates were made.
    await t.ctx.db.execute(sql`create or replace function roster_test_fail() returns trigger language plpgsql as $$
      begin if new.email = 'fay@acme.test' and new.is_active = false then raise exception 'refused by the test'; end if; return new; end $$`);
    await t.ctx.db.execute(sql`create trigger roster_test_fail before update on users for each row execute function roster_test_fail()`);
    try {
      const before = await roster();
      const outboxBefore = (await readOutbox(t.ctx.db)).length;
      const { diff } = json<{ diff: RosterDiff }>(await preview(csv));
      expect(diff.leaving.map((l) => l.email)).toEqual(['cat@acme.test', 'fay@acme.test']);
      const res = await apply(csv, diff.fingerprint);
      expect(res.statusCode).toBe(500);
      expect(await roster()).toEqual(before);
      expect((await readOutbox(t.ctx.db)).length).toBe(outboxBefore);
      expect(await rows(t.ctx.db, sql`select 1 from audit_log where action = 'employees.rosterReplaced'`)).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql`drop trigger roster_test_fail on users`);
      await t.ctx.db.execute(sql`drop function roster_test_fail()`);
    }
  });

  it("one company's file never touches another company's employees", async () => {
    await seedThree();
    const gusEmployee = await addEmployee(globex, { first: 'Gil', last: 'Globex', email: 'gil@globex.test', number: 'G-1' });
    const csv = `${HEADER}\nAnn,Able,ann@acme.test,A-1,\n`;
    const { diff } = json<{ diff: RosterDiff }>(await preview(csv, gus));
    // Acme's Ann is a new row for Globex (her address is in use elsewhere: nothing is said of it) and Gil leaves.
    expect(diff.added.map((a) => a.email)).toEqual(['ann@acme.test']);
    expect(diff.leaving.map((l) => l.id)).toEqual([gusEmployee]);
    const res = await apply(csv, diff.fingerprint, { token: gus, confirmLeaving: true });
    expect(res.statusCode).toBe(200);
    expect((await roster()).map((r) => [r.email, r.is_active])).toEqual([
      ['ann@acme.test', true],
      ['bob@acme.test', true],
      ['cat@acme.test', true],
    ]);
    expect(await roster(globex)).toEqual([expect.objectContaining({ email: 'gil@globex.test', is_active: false })]);
  });
});
