import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type RosterDiff } from '@portal/shared-contracts';
import { locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { acmeAndGlobexLtd, fileUpload } from '../../test/employees-world';
import { bearer, employerRows, json, useTestApp } from '../../test/test-support';

/** Offices in the CSV import, roster sync and the invite link (docs/decisions/0045-offices-as-a-dimension.md). */

const t = useTestApp();

let acme: string;
let globex: string;
let erin: string;
let leeds: string;
let york: string;
let yorkHigh: string;
let globexOffice: string;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  ({ acme, globex } = await acmeAndGlobexLtd(db));
  const office = async (companyId: string, addressLine1: string, town: string) =>
    (await db.insert(locations).values({ companyId, addressLine1, town, postalCode: 'LS1 1AA' }).returning())[0]!.id;
  leeds = await office(acme, '1 Park Row', 'Leeds');
  york = await office(acme, '2 High Street', 'York');
  // Shares York's first address line: only its full name names it.
  yorkHigh = await office(acme, '2 High Street', 'Harrogate');
  globexOffice = await office(globex, '9 Dock Road', 'Hull');
  erin = (await employerRows(db, acme, 'erin@acme.test')).token;
});

const upload = (url: string, csv: string) => {
  const m = fileUpload(csv);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...bearer(erin) } });
};
const importCsv = (csv: string) => upload('/api/employees/csv-import', csv);

async function officesByEmail(companyId = acme): Promise<Record<string, string | null>> {
  const list = await rows<{ email: string; office_id: string | null }>(t.ctx.db, sql`select email, office_id from users where company_id = ${companyId} and role = 'Employee'`);
  return Object.fromEntries(list.map((r) => [r.email, r.office_id]));
}

describe('CSV import: the office column', () => {
  it('puts each row in the office it names, by full name or first address line, any case, trimmed; empty is No office', async () => {
    const res = await importCsv(
      [
        'firstName,lastName,email,employeeNumber,office',
        'Ann,Able,ann@acme.test,C-1,"1 Park Row, Leeds"',
        'Bob,Baker,bob@acme.test,C-2,  1 park row  ',
        'Cat,Cole,cat@acme.test,C-3,"2 HIGH STREET, harrogate"',
        'Dan,Dale,dan@acme.test,C-4,',
      ].join('\r\n'),
    );
    expect(res.statusCode).toBe(201);
    expect(await officesByEmail()).toEqual({ 'ann@acme.test': leeds, 'bob@acme.test': leeds, 'cat@acme.test': yorkHigh, 'dan@acme.test': null });
    // The list answers the office, as the details and the table read it.
    const page = json<{ items: { email: string; officeId: string | null }[] }>(await t.app.inject({ method: 'GET', url: '/api/employees', headers: bearer(erin) }));
    expect(page.items.find((e) => e.email === 'ann@acme.test')?.officeId).toBe(leeds);
  });

  it('refuses the whole file, line by line, for an unknown office, an ambiguous address line and another company\'s office', async () => {
    const res = await importCsv(
      [
        'firstName,lastName,email,employeeNumber,office',
        'Ann,Able,ann@acme.test,C-1,"1 Park Row, Leeds"',
        'Bob,Baker,bob@acme.test,C-2,Nowhere House',
        'Cat,Cole,cat@acme.test,C-3,2 High Street',
        'Dan,Dale,dan@acme.test,C-4,"9 Dock Road, Hull"',
      ].join('\r\n'),
    );
    expect(res.statusCode).toBe(400);
    const body = json<{ success: boolean; message: string; errors: { line: number; field: string; message: string }[] }>(res);
    expect(body.success).toBe(false);
    expect(body.message).toBe(MESSAGES.employees.importLine(3, MESSAGES.employees.csvOfficeUnknown));
    expect(body.errors).toEqual([
      { line: 3, field: 'office', message: MESSAGES.employees.csvOfficeUnknown },
      { line: 4, field: 'office', message: MESSAGES.employees.csvOfficeAmbiguous },
      { line: 5, field: 'office', message: MESSAGES.employees.csvOfficeUnknown },
    ]);
    expect(await officesByEmail()).toEqual({});
  });

  it('reads the office of a 10 000-row file in one statement', async () => {
    const lines = ['firstName,lastName,email,employeeNumber,office'];
    for (let i = 1; i <= 10_000; i++) lines.push(`F${i},L${i},e${i}@acme.test,N-${i},${i % 2 ? '1 Park Row' : ''}`);
    // Processor time, as the import's own 10 000-row test prints it: a figure, not a bound.
    const cpu = process.cpuUsage();
    const res = await importCsv(lines.join('\n'));
    const used = process.cpuUsage(cpu);
    console.log(`10 000 rows with an office column: ${Math.round((used.user + used.system) / 1000)} ms of processor time`);
    expect(res.statusCode).toBe(201);
    const [counts] = await rows<{ leeds: number; none: number }>(
      t.ctx.db,
      sql`select count(*) filter (where office_id = ${leeds})::int as leeds, count(*) filter (where office_id is null)::int as none from users where company_id = ${acme} and role = 'Employee'`,
    );
    expect(counts).toEqual({ leeds: 5000, none: 5000 });
  }, 120_000);
});

describe('roster sync: the office column', () => {
  async function employee(email: string, number: string, officeId: string | null) {
    await t.ctx.db.insert(users).values({
      email,
      passwordHash: '!',
      name: 'Zoe Zed',
      role: 'Employee',
      companyId: acme,
      firstName: 'Zoe',
      lastName: 'Zed',
      employeeNumber: number,
      officeId,
      isActive: true,
      isApproved: true,
    });
  }

  it('shows an office change as a changed row and applies it; a file without the column leaves offices alone', async () => {
    await employee('zoe@acme.test', 'Z-1', leeds);
    await employee('yan@acme.test', 'Z-2', york);
    const file = 'firstName,lastName,email,employeeNumber,office\nZoe,Zed,zoe@acme.test,Z-1,"2 High Street, York"\nZoe,Zed,yan@acme.test,Z-2,\n';
    const preview = json<{ diff: RosterDiff }>(await upload('/api/employees/roster/preview', file)).diff;
    expect(preview.errors).toEqual([]);
    expect(preview.changed.map((c) => [c.email, c.changes])).toEqual([
      ['zoe@acme.test', [{ field: 'office', from: '1 Park Row, Leeds', to: '2 High Street, York' }]],
      ['yan@acme.test', [{ field: 'office', from: '2 High Street, York', to: null }]],
    ]);
    const applied = await upload(`/api/employees/roster/apply?fingerprint=${preview.fingerprint}`, file);
    expect(applied.statusCode).toBe(200);
    expect(await officesByEmail()).toEqual({ 'zoe@acme.test': york, 'yan@acme.test': null });

    const without = 'firstName,lastName,email,employeeNumber\nZoe,Zed,zoe@acme.test,Z-1\nZoe,Zed,yan@acme.test,Z-2\n';
    const again = json<{ diff: RosterDiff }>(await upload('/api/employees/roster/preview', without)).diff;
    expect(again.changed).toEqual([]);
    expect((await upload(`/api/employees/roster/apply?fingerprint=${again.fingerprint}`, without)).statusCode).toBe(200);
    expect(await officesByEmail()).toEqual({ 'zoe@acme.test': york, 'yan@acme.test': null });
  });

  it('adds new rows in their office and refuses an unknown one', async () => {
    const file = 'firstName,lastName,email,employeeNumber,office\nNia,New,nia@acme.test,N-1,1 park row\n';
    const preview = json<{ diff: RosterDiff }>(await upload('/api/employees/roster/preview', file)).diff;
    expect((await upload(`/api/employees/roster/apply?fingerprint=${preview.fingerprint}`, file)).statusCode).toBe(200);
    expect(await officesByEmail()).toEqual({ 'nia@acme.test': leeds });
    const bad = json<{ diff: RosterDiff }>(await upload('/api/employees/roster/preview', 'firstName,lastName,email,employeeNumber,office\nNia,New,nia@acme.test,N-1,Mars\n')).diff;
    expect(bad.errors).toEqual([{ line: 2, field: 'office', message: MESSAGES.employees.csvOfficeUnknown }]);
  });
});

describe('the invite link of an office', () => {
  const join = (companyId: string, over: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/employees/employers/${companyId}/employees`,
      payload: { firstName: 'Sam', lastName: 'Joiner', email: 'sam@acme.test', employeeNumber: 'P-1', password: 'Passw0rd!', confirmPassword: 'Passw0rd!', ...over },
    });

  it('lands the join request in the link\'s office', async () => {
    const res = await join(acme, { officeId: york });
    expect(res.statusCode).toBe(201);
    const id = json<{ response: { id: string } }>(res).response.id;
    const [u] = await rows<{ office_id: string | null; is_approved: boolean }>(t.ctx.db, sql`select office_id, is_approved from users where id = ${id}`);
    expect(u).toEqual({ office_id: york, is_approved: false });
    // Approval keeps it.
    await t.app.inject({ method: 'PUT', url: `/api/employees/${id}/accept`, headers: bearer(erin) });
    expect((await officesByEmail())['sam@acme.test']).toBe(york);
  });

  it('cannot be forged into another company\'s office, and a removed office is No office, without an error', async () => {
    const forged = await join(acme, { officeId: globexOffice });
    expect(forged.statusCode).toBe(201);
    await t.ctx.db.delete(locations).where(sql`id = ${leeds}`);
    const removed = await join(acme, { officeId: leeds, email: 'tia@acme.test', employeeNumber: 'P-2' });
    expect(removed.statusCode).toBe(201);
    const none = await join(acme, { email: 'uma@acme.test', employeeNumber: 'P-3' });
    expect(none.statusCode).toBe(201);
    expect(await officesByEmail()).toEqual({ 'sam@acme.test': null, 'tia@acme.test': null, 'uma@acme.test': null });
    expect(await officesByEmail(globex)).toEqual({});
  });

  it('refuses a malformed office id with a message, before anything is made', async () => {
    const res = await join(acme, { officeId: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(json<{ success: boolean; message: string }>(res)).toMatchObject({ success: false, message: MESSAGES.employeeSignup.officeInvalid });
    expect(await officesByEmail()).toEqual({});
  });
});
