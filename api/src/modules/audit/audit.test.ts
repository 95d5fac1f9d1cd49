import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  EMPLOYER_AUDIT_ACTIONS,
  LIMITS,
  MESSAGES,
  SUPER_ADMIN_AUDIT_ACTIONS,
  auditActionsFor,
  auditEntrySchema,
  pageOf,
} from '@portal/shared-contracts';
import { auditLog, companies, locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { readOutbox } from '../../mail/mailer';
import { bearer, employerOf, json, useTestApp } from '../../test/test-support';
import { makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';
import { enrolAt } from '../../test/billing-world';
import { importReleaseHistory } from './service';

const t = useTestApp();
const pageSchema = pageOf(auditEntrySchema);

interface World {
  acme: string;
  globex: string;
  root: { id: string; token: string };
  erin: string; // Acme's employer
  gus: string; // Globex's employer
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme Ltd');
  const globex = await makeCompany(db, 'Globex');
  w = { acme, globex, root: await superAdmin(db), erin: await makeEmployer(db, acme, 'erin@acme.test'), gus: await makeEmployer(db, globex, 'gus@globex.test') };
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function list(token: string, query = '') {
  const res = await call('GET', `/api/audit-log${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return pageSchema.parse(json(res));
}

/** Every entry, oldest first, straight from the table. */
async function stored(): Promise<(typeof auditLog.$inferSelect)[]> {
  const all = await t.ctx.db.select().from(auditLog);
  return all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe('what is recorded', () => {
  it('records an employee approved, deactivated with its reason, reactivated and deleted, with who, which company and the target', async () => {
    const sam = await makePerson(t.ctx.db, w.acme, 'Sam', 'Pending', { approved: false });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, sam.id));
    expect((await call('PUT', `/api/employees/${sam.id}/accept`, w.erin)).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${sam.id}/deactivate`, w.erin, { reason: 'Left the company' })).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/reactivate-employee/${sam.id}`, w.erin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/employees/${sam.id}`, w.erin)).statusCode).toBe(200);

    const page = await list(w.erin);
    expect(page.items.map((e) => e.action)).toEqual(['employee.deleted', 'employee.reactivated', 'employee.deactivated', 'employee.approved']);
    const deactivated = page.items[2]!;
    expect(deactivated).toMatchObject({
      actorName: 'Boss erin@acme.test',
      actorEmail: 'erin@acme.test',
      actorRole: 'Employer',
      companyId: w.acme,
      companyName: 'Acme Ltd',
      targetKind: 'user',
      targetId: sam.id,
      targetLabel: `Sam Pending <${sam.email}>`,
      reason: 'Left the company',
      summary: `Employee deactivated: Sam Pending <${sam.email}>`,
    });
    // The deleted employee is still named by the entries about them.
    expect(page.items[0]).toMatchObject({ targetId: sam.id, targetLabel: `Sam Pending <${sam.email}>` });
  });

  it('records nothing when the change is refused (the entry is written in the same transaction)', async () => {
    const pending = await makePerson(t.ctx.db, w.acme, 'Pat', 'Pending', { approved: false });
    const approved = await makePerson(t.ctx.db, w.acme, 'Ann', 'Approved');
    const res = await call('POST', '/api/employees/bulk-reject', w.erin, { employeeIds: [pending.id, approved.id] });
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.employees.notPending });
    expect(await stored()).toEqual([]);
    expect((await call('POST', '/api/employees/bulk-reject', w.erin, { employeeIds: [pending.id] })).statusCode).toBe(200);
    expect((await stored()).map((e) => [e.action, e.targetId])).toEqual([['employee.rejected', pending.id]]);
  });

  it("records a super admin's driver and vehicle verifications and a rejection with its notes as the reason, under the driver's company", async () => {
    const dan = await makePerson(t.ctx.db, w.globex, 'Dan', 'Driver', { registration: 'AB12CDE', licence: 'DRIVE123456AB9CD' });
    const followUpDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await call('POST', '/api/drivers/approve', w.root.token, { employeeIds: [dan.id], notes: 'ok', followUpDate })).statusCode).toBe(200);
    expect((await call('POST', '/api/vehicles/approve', w.root.token, { employeeIds: [dan.id], notes: 'MOT seen', followUpDate })).statusCode).toBe(200);
    expect((await call('POST', '/api/drivers/reject', w.root.token, { employeeId: dan.id, notes: 'Licence expired' })).statusCode).toBe(200);
    const entries = await stored();
    expect(entries.map((e) => e.action)).toEqual(['driver.verified', 'vehicle.verified', 'driver.rejected']);
    expect(entries.every((e) => e.companyId === w.globex && e.actorRole === 'SuperAdmin' && e.actorUserId === w.root.id)).toBe(true);
    expect(entries[2]!.reason).toBe('Licence expired');
    // Globex's employer sees them; Acme's does not.
    expect((await list(w.gus)).totalCount).toBe(3);
    expect((await list(w.erin)).totalCount).toBe(0);
  });

  it('records company changes: details, offices, incentives, the emission setting, deactivation with its reason, reactivation, deletion', async () => {
    const [loc] = await t.ctx.db.insert(locations).values({ companyId: w.acme, addressLine1: '1 High St', town: 'Leeds', postalCode: 'LS1 1AA' }).returning();
    const company = { id: w.acme, name: 'Acme Group', email: 'hello@acme.test', phoneNumber: '0113 496 0000', countryCode: 'GB' };
    expect((await call('PUT', '/api/employers', w.erin, company)).statusCode).toBe(200);
    const added = await call('POST', `/api/employers/${w.acme}/location`, w.erin, { addressLine1: '2 Park Row', town: 'Leeds', postalCode: 'LS1 5HD' });
    expect(added.statusCode, added.body).toBe(201);
    const newId = json<{ id: string }>(added).id;
    expect((await call('PUT', '/api/employers/location', w.erin, { id: newId, addressLine1: '3 Park Row', town: 'Leeds', postalCode: 'LS1 5HD' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/employers/location/${loc!.id}`, w.erin)).statusCode).toBe(200);
    const incentive = { generalRewardDescription: 'Coffee', numberOfMiles: 10, numberOfMilesRewards: 'Mug', numberOfTrips: 5, numberOfTripsRewards: 'Cake' };
    expect((await call('POST', `/api/incentives/employers/${w.acme}/incentive`, w.erin, incentive)).statusCode).toBe(200);
    expect((await call('PUT', `/api/employers/${w.acme}/emissions`, w.erin, { includeWellToTank: true })).statusCode).toBe(200);
    // Saving the same setting again changes nothing and records nothing.
    expect((await call('PUT', `/api/employers/${w.acme}/emissions`, w.erin, { includeWellToTank: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/employers/${w.acme}/deactivate`, w.root.token, { reason: 'Unpaid invoices' })).statusCode).toBe(200);
    expect((await call('POST', `/api/employers/${w.acme}/reactivate`, w.root.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/employers/${w.acme}`, w.root.token)).statusCode).toBe(200);

    const entries = await stored();
    expect(entries.map((e) => e.action)).toEqual([
      'company.updated',
      'company.officeAdded',
      'company.officeUpdated',
      'company.officeRemoved',
      'company.incentivesSaved',
      'company.emissionSettingChanged',
      'company.deactivated',
      'company.reactivated',
      'company.deleted',
    ]);
    expect(entries.find((e) => e.action === 'company.officeRemoved')).toMatchObject({ targetKind: 'location', targetId: loc!.id, targetLabel: '1 High St, Leeds, LS1 1AA' });
    expect(entries.find((e) => e.action === 'company.deactivated')).toMatchObject({ reason: 'Unpaid invoices', targetLabel: 'Acme Group', actorRole: 'SuperAdmin' });
    expect(entries.find((e) => e.action === 'company.emissionSettingChanged')!.summary).toBe(
      `Emission setting changed: Acme Group, ${MESSAGES.audit.wellToTank(true)}`,
    );
    // The company is gone; its log stays, named as it was, and the super admin finds it by its id.
    expect(await t.ctx.db.select().from(companies).where(eq(companies.id, w.acme))).toEqual([]);
    const page = await list(w.root.token, `?companyId=${w.acme}`);
    expect(page.totalCount).toBe(9);
    expect(page.items[0]).toMatchObject({ action: 'company.deleted', companyName: 'Acme Group', targetLabel: 'Acme Group' });
  });

  it('records admins and super admins added and removed', async () => {
    const added = await call('POST', '/api/accounts/users/add', w.root.token, { userName: 'Sue', email: 'sue@portal.test', password: 'Sup3r-secret', role: 'SuperAdmin' });
    expect(added.statusCode, added.body).toBe(201);
    const sueId = json<{ id: string }>(added).id;
    expect((await call('DELETE', `/api/accounts/users/${sueId}`, w.root.token)).statusCode).toBe(200);
    const admin = await call('POST', '/api/accounts/users/add', w.erin, { userName: 'Ada', email: 'ada@acme.test', password: 'Adm1n-secret', role: 'Admin' });
    expect(admin.statusCode, admin.body).toBe(201);
    const employer = await call('POST', '/api/accounts/users/add', w.root.token, { userName: 'Eve', email: 'eve@new.test', password: 'Empl0yer-secret', role: 'Employer' });
    expect(employer.statusCode, employer.body).toBe(201);
    const entries = await stored();
    expect(entries.map((e) => [e.action, e.targetLabel, e.companyId])).toEqual([
      ['superAdmin.added', 'Sue <sue@portal.test>', null],
      ['superAdmin.removed', 'Sue <sue@portal.test>', null],
      ['admin.added', 'Ada <ada@acme.test>', w.acme],
      ['admin.added', 'Eve <eve@new.test>', null],
    ]);
    expect(entries.map((e) => e.summary).slice(2)).toEqual([
      `Admin added: Ada <ada@acme.test>, ${MESSAGES.labels.accountTypes.Admin}`,
      `Admin added: Eve <eve@new.test>, ${MESSAGES.labels.accountTypes.Employer}`,
    ]);
    // A refused add (the address is taken) records nothing.
    await call('POST', '/api/accounts/users/add', w.erin, { userName: 'Ada', email: 'ada@acme.test', password: 'Adm1n-secret', role: 'Admin' });
    expect(await stored()).toHaveLength(4);
  });

  it('records a password reset requested and completed by the account owner, and a password change', async () => {
    const owner = await employerOf(t, w.acme, 'owner@acme.test', 'Olive Owner');
    expect((await call('POST', '/api/accounts/forgot-password', undefined, { email: 'owner@acme.test' })).statusCode).toBe(200);
    // An address without an account records nothing.
    expect((await call('POST', '/api/accounts/forgot-password', undefined, { email: 'nobody@acme.test' })).statusCode).toBe(200);
    await t.ctx.mailer.flush();
    const [mail] = await readOutbox(t.ctx.db, { to: 'owner@acme.test', kind: 'password-reset' });
    const token = new URL(mail!.link!.replace('/#/', '/')).searchParams.get('token')!;
    const reset = await call('POST', '/api/accounts/reset-password', undefined, { email: 'owner@acme.test', token, newPassword: 'N3w-passw0rd' });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await call('POST', '/api/accounts/login', undefined, { email: 'owner@acme.test', password: 'N3w-passw0rd' });
    const changed = await call('POST', '/api/accounts/change-password', json<{ token: string }>(login).token, { currentPassword: 'N3w-passw0rd', newPassword: 'An0ther-passw0rd' });
    expect(changed.statusCode, changed.body).toBe(200);
    const entries = await stored();
    expect(entries.map((e) => e.action)).toEqual(['password.resetRequested', 'password.reset', 'password.changed']);
    for (const e of entries) {
      expect(e).toMatchObject({ actorUserId: owner.id, actorName: 'Olive Owner', actorEmail: 'owner@acme.test', targetId: owner.id, companyId: w.acme });
    }
  });
});

describe('subscriptions, journey groups and employees added by a list', () => {
  it('records a subscription cancelled and resumed, with who and when it ends; a repeat, an ended subscription or a super admin records nothing', async () => {
    await enrolAt(t.ctx.db, w.acme, new Date(Date.UTC(2026, 0, 10)));
    // The period that has begun by now is invoiced first; the entry names the end of the one in force.
    const cancelled = await call('POST', '/api/payment-billing/cancel', w.erin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const expiry = json<{ billing: { expiryDate: string } }>(cancelled).billing.expiryDate;
    expect((await call('POST', '/api/payment-billing/cancel', w.erin)).statusCode).toBe(200);
    expect((await call('POST', '/api/payment-billing/cancel', w.root.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/payment-billing/resume', w.erin)).statusCode).toBe(200);
    expect((await call('POST', '/api/payment-billing/resume', w.erin)).statusCode).toBe(200);

    // The fixture's start of the subscription is the employer's acceptance, audited too (decision 0033).
    const changes = async () => (await stored()).filter((e) => e.action !== 'subscription.started');
    const entries = await changes();
    expect(entries.map((e) => e.action)).toEqual(['subscription.cancelled', 'subscription.resumed']);
    const [sub] = await rows<{ id: string }>(t.ctx.db, sql`select id from subscriptions where company_id = ${w.acme}`);
    const ends = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(expiry));
    expect(entries[0]).toMatchObject({
      actorName: 'Boss erin@acme.test',
      actorRole: 'Employer',
      companyId: w.acme,
      companyName: 'Acme Ltd',
      targetKind: 'subscription',
      targetId: sub!.id,
      targetLabel: 'Standard subscription',
      summary: `Subscription cancelled: Standard subscription, ends ${ends}`,
    });
    expect(entries[1]!.summary).toBe('Subscription resumed: Standard subscription');

    // An ended subscription answers 409 and records nothing.
    await t.ctx.db.execute(sql`update subscriptions set status = 'Cancelled' where id = ${sub!.id}`);
    expect((await call('POST', '/api/payment-billing/cancel', w.erin)).statusCode).toBe(409);
    expect((await call('POST', '/api/payment-billing/resume', w.erin)).statusCode).toBe(409);
    expect(await changes()).toHaveLength(2);
  });

  it('records journey groups created, renamed and deleted; a taken name, an unchanged save or an unknown group records nothing', async () => {
    const created = await call('POST', '/api/journey-groups', w.erin, { name: 'Leeds loop', meetingPoints: ['Station'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ group: { id: string } }>(created).group.id;
    expect((await call('POST', '/api/journey-groups', w.erin, { name: 'York run' })).statusCode).toBe(201);
    // Refused: the name is taken (on create and on rename), nothing changes, another company's group is not found.
    expect((await call('POST', '/api/journey-groups', w.erin, { name: 'Leeds loop' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/journey-groups/${id}`, w.erin, { name: 'York run' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/journey-groups/${id}`, w.erin, { name: 'Leeds loop', meetingPoints: ['Station'] })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/journey-groups/${id}`, w.gus)).statusCode).toBe(404);
    expect((await stored()).map((e) => e.action)).toEqual(['journeyGroup.created', 'journeyGroup.created']);

    expect((await call('PUT', `/api/journey-groups/${id}`, w.erin, { name: 'Leeds ring' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/journey-groups/${id}`, w.erin, { name: 'Leeds ring', meetingPoints: ['Station', 'Park'] })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/journey-groups/${id}`, w.erin)).statusCode).toBe(200);
    const entries = (await stored()).filter((e) => e.targetId === id);
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['journeyGroup.created', 'Journey group created: Leeds loop'],
      ['journeyGroup.changed', 'Journey group changed: Leeds ring, renamed from Leeds loop'],
      ['journeyGroup.changed', 'Journey group changed: Leeds ring'],
      ['journeyGroup.deleted', 'Journey group deleted: Leeds ring'],
    ]);
    expect(entries.every((e) => e.companyId === w.acme && e.targetKind === 'journeyGroup' && e.actorEmail === 'erin@acme.test')).toBe(true);
  });

  it('records one entry per CSV import and per manual list, with the count; a refused list records nothing', async () => {
    const boundary = 'audit-boundary';
    const csv = (lines: string[]) => ({
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n` +
          `firstName,lastName,email,employeeNumber\r\n${lines.join('\r\n')}\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(w.erin) },
    });
    const imported = await t.app.inject({ method: 'POST', url: '/api/employees/csv-import', ...csv(['Ann,Able,ann@acme.test,C-1', 'Bob,Baker,bob@acme.test,C-2', 'Cy,Cole,cy@acme.test,C-3']) });
    expect(imported.statusCode, imported.body).toBe(201);
    // The same address twice in a file, and an address of the company's own: refused, nothing recorded.
    expect((await t.app.inject({ method: 'POST', url: '/api/employees/csv-import', ...csv(['Di,Dale,di@acme.test,C-4', 'Di,Dale,di@acme.test,C-5']) })).statusCode).toBe(400);
    expect((await call('POST', '/api/employees', w.erin, { employees: [{ firstName: 'Ann', lastName: 'Again', email: 'ann@acme.test', employeeNumber: 'C-9' }] })).statusCode).toBe(409);
    const added = await call('POST', '/api/employees', w.erin, { employees: [{ firstName: 'Eve', lastName: 'Evans', email: 'eve@acme.test', employeeNumber: 'C-6' }] });
    expect(added.statusCode, added.body).toBe(201);

    const entries = await stored();
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['employees.imported', 'Employees imported from a CSV file: Acme Ltd, 3 employees'],
      ['employees.added', 'Employees added manually: Acme Ltd, 1 employee'],
    ]);
    expect(entries.every((e) => e.companyId === w.acme && e.targetKind === 'company' && e.targetId === w.acme && e.actorEmail === 'erin@acme.test')).toBe(true);
  });
});

describe('what an employer reads', () => {
  it("answers an employer or admin asking for a super admin's own action (list and export) with nothing, even where such entries exist", async () => {
    await importReleaseHistory(t.ctx.db, [{ at: '2026-03-01T10:00:00.000Z', action: 'publish', remote: 'mfe-employees', version: '1.5.0' }]);
    // A super admin's entries that carry the employer's company all the same: still not the employer's to read by these actions.
    await t.ctx.db.insert(auditLog).values(
      SUPER_ADMIN_AUDIT_ACTIONS.map((action) => ({ actorName: 'Root', actorRole: 'SuperAdmin', action, summary: action, companyId: w.acme, companyName: 'Acme Ltd', targetKind: 'company' as const })),
    );
    expect(SUPER_ADMIN_AUDIT_ACTIONS).toEqual(['superAdmin.added', 'superAdmin.removed', 'release.changed', 'company.deleted', 'scheme.settingsChanged']);
    expect(EMPLOYER_AUDIT_ACTIONS).toEqual(AUDIT_ACTIONS.filter((a) => !(SUPER_ADMIN_AUDIT_ACTIONS as readonly string[]).includes(a)));
    expect(auditActionsFor('Employer')).toBe(EMPLOYER_AUDIT_ACTIONS);
    expect(auditActionsFor('SuperAdmin')).toBe(AUDIT_ACTIONS);
    const admin = await makeEmployer(t.ctx.db, w.acme, 'ada@acme.test', 'Admin');
    const C = MESSAGES.audit.columns;
    for (const action of SUPER_ADMIN_AUDIT_ACTIONS) {
      for (const token of [w.erin, admin]) {
        expect(await list(token, `?action=${action}`), action).toMatchObject({ items: [], totalCount: 0 });
        const csv = await call('GET', `/api/audit-log/export?action=${action}`, token);
        expect(csv.statusCode).toBe(200);
        expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
          [C.when, C.actor, C.actorEmail, C.actorRole, C.action, C.summary, C.company, C.companyId, C.target, C.targetId, C.reason].join(','),
        ]);
      }
      expect((await list(w.root.token, `?action=${action}`)).totalCount, action).toBe(action === 'release.changed' ? 2 : 1);
    }
    // The other actions of those entries' company are the employer's as ever.
    expect((await list(w.erin)).totalCount).toBe(SUPER_ADMIN_AUDIT_ACTIONS.length);
  });

  it('shows an employer a super admin as "Scheme administrator", without id or email; the super admin sees the name; searching the name finds nothing for the employer', async () => {
    const dan = await makePerson(t.ctx.db, w.acme, 'Dan', 'Driver', { registration: 'AB12CDE', licence: 'DRIVE123456AB9CD' });
    expect((await call('POST', '/api/drivers/reject', w.root.token, { employeeId: dan.id, notes: 'Licence expired' })).statusCode).toBe(200);
    const sam = await makePerson(t.ctx.db, w.acme, 'Sam', 'Staff');
    expect((await call('POST', `/api/employees/${sam.id}/deactivate`, w.erin, { reason: 'Left' })).statusCode).toBe(200);
    const [root] = await rows<{ name: string; email: string }>(t.ctx.db, sql`select name, email from users where id = ${w.root.id}`);

    const seenByEmployer = await list(w.erin);
    expect(seenByEmployer.items.map((e) => [e.action, e.actorUserId, e.actorName, e.actorEmail])).toEqual([
      ['employee.deactivated', expect.any(String), 'Boss erin@acme.test', 'erin@acme.test'],
      ['driver.rejected', null, MESSAGES.audit.schemeAdministrator, null],
    ]);
    expect(JSON.stringify(seenByEmployer)).not.toContain(root!.email);
    expect(JSON.stringify(seenByEmployer)).not.toContain(w.root.id);
    expect((await list(w.root.token, `?companyId=${w.acme}`)).items[1]).toMatchObject({ actorUserId: w.root.id, actorName: root!.name, actorEmail: root!.email });

    const csv = (await call('GET', '/api/audit-log/export', w.erin)).body;
    expect(csv).toContain(`,${MESSAGES.audit.schemeAdministrator},,SuperAdmin,`);
    expect(csv).not.toContain(root!.email);

    // The search cannot be used to spell out the super admin's name or email, letter by letter.
    for (const term of [root!.email, root!.email.slice(0, 3), root!.name]) expect((await list(w.erin, `?actor=${encodeURIComponent(term)}`)).totalCount, term).toBe(0);
    expect((await list(w.erin, '?actor=scheme')).items.map((e) => e.action)).toEqual(['driver.rejected']);
    expect((await list(w.erin, '?actor=erin')).items.map((e) => e.action)).toEqual(['employee.deactivated']);
    expect((await list(w.root.token, `?actor=${encodeURIComponent(root!.email)}`)).totalCount).toBe(1);
  });
});

describe('reading the log', () => {
  async function seed(n: number, over: Partial<typeof auditLog.$inferInsert> = {}, startMs = Date.UTC(2026, 0, 1)) {
    await t.ctx.db.insert(auditLog).values(
      Array.from({ length: n }, (_, i) => ({
        createdAt: new Date(startMs + i * 3_600_000),
        actorName: 'Erin',
        actorEmail: 'erin@acme.test',
        actorRole: 'Employer',
        action: 'employee.approved' as const,
        summary: `Employee approved: #${i}`,
        companyId: w.acme,
        companyName: 'Acme Ltd',
        targetKind: 'user' as const,
        targetId: `t${i}`,
        targetLabel: `#${i}`,
        ...over,
      })),
    );
  }

  it('pages newest first with the total, LIMITS.pageSize by default', async () => {
    await seed(23);
    const first = await list(w.root.token);
    expect(first).toMatchObject({ totalCount: 23, pageSize: LIMITS.pageSize, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    expect(first.items.map((e) => e.targetLabel)).toEqual(Array.from({ length: 10 }, (_, i) => `#${22 - i}`));
    const last = await list(w.root.token, '?pageNumber=3');
    expect(last).toMatchObject({ totalCount: 23, hasNextPage: false, hasPreviousPage: true });
    expect(last.items.map((e) => e.targetLabel)).toEqual(['#2', '#1', '#0']);
    expect((await list(w.root.token, '?pageNumber=9')).totalCount).toBe(23);
  });

  it('keeps the totals of the whole log and of each company exact through every kind of write', async () => {
    const byCompany = async (query: ReturnType<typeof sql>) =>
      Object.fromEntries((await rows<{ company_id: string; n: string | number }>(t.ctx.db, query)).map((c) => [c.company_id, Number(c.n)]));
    const counters = () => byCompany(sql`select company_id, n from audit_log_counts where n <> 0 order by 1`);
    const real = () =>
      byCompany(sql`select coalesce(company_id, '00000000-0000-0000-0000-000000000000') as company_id, count(*) as n from audit_log group by 1 order by 1`);
    await seed(12);
    await seed(3, { companyId: w.globex });
    await seed(2, { companyId: null, companyName: null, action: 'superAdmin.added' });
    expect(await counters()).toEqual(await real());
    await t.ctx.db.update(auditLog).set({ companyId: w.globex }).where(eq(auditLog.targetId, 't0'));
    await t.ctx.db.delete(auditLog).where(eq(auditLog.targetId, 't1'));
    expect(await counters()).toEqual(await real());
    // t0 of every company moved to Globex, t1 of every company deleted.
    expect((await list(w.root.token)).totalCount).toBe(14);
    expect((await list(w.erin)).totalCount).toBe(10);
    expect((await list(w.gus)).totalCount).toBe(4);
    await t.reset();
    expect(await counters()).toEqual({});
  });

  it('filters by company, action, actor name or email, and inclusive days', async () => {
    await seed(3);
    await seed(2, { companyId: w.globex, companyName: 'Globex', actorName: 'Gus Grey', actorEmail: 'gus@globex.test', action: 'employee.deleted' }, Date.UTC(2026, 0, 5, 23));
    expect((await list(w.root.token, `?companyId=${w.globex}`)).totalCount).toBe(2);
    expect((await list(w.root.token, '?action=employee.approved')).totalCount).toBe(3);
    expect((await list(w.root.token, '?actor=GREY')).totalCount).toBe(2);
    expect((await list(w.root.token, '?actor=globex.test')).totalCount).toBe(2);
    // 2026-01-05 23:00 and 2026-01-06 00:00 (UTC): "to" takes the whole day.
    expect((await list(w.root.token, '?from=2026-01-05&to=2026-01-05')).totalCount).toBe(1);
    expect((await list(w.root.token, '?from=2026-01-02')).totalCount).toBe(2);
    expect((await list(w.root.token, '?to=2026-01-01')).totalCount).toBe(3);
    // The range's first and last days are days like any other.
    expect((await list(w.root.token, '?from=2000-01-01&to=2100-12-31')).totalCount).toBe(5);
  });

  it('answers a bad filter with a 400 a person can act on', async () => {
    for (const [q, message] of [
      ['?from=5-1-2026', MESSAGES.audit.badDate],
      ['?from=2026-02-31', MESSAGES.audit.badDate],
      ['?from=0000-01-01', MESSAGES.input.dateOutOfRange],
      ['?to=9999-12-31', MESSAGES.input.dateOutOfRange],
      ['?from=1999-12-31', MESSAGES.input.dateOutOfRange],
      ['?from=2026-02-01&to=2026-01-01', MESSAGES.audit.badRange],
      ['?action=everything', MESSAGES.audit.badAction],
      ['?companyId=acme', MESSAGES.audit.badCompany],
    ] as const) {
      for (const path of ['/api/audit-log', '/api/audit-log/export']) {
        const res = await call('GET', `${path}${q}`, w.root.token);
        expect(res.statusCode, `${path}${q}`).toBe(400);
        expect(json(res)).toMatchObject({ success: false, message });
      }
    }
  });

  it("lets an employer or admin read only its own company's entries, whatever companyId it sends; employees 403, anonymous 401", async () => {
    await seed(2);
    await seed(4, { companyId: w.globex, companyName: 'Globex' });
    await seed(1, { companyId: null, companyName: null, action: 'superAdmin.added' });
    expect((await list(w.root.token)).totalCount).toBe(7);
    expect((await list(w.erin)).totalCount).toBe(2);
    expect((await list(w.erin, `?companyId=${w.globex}`)).totalCount).toBe(2);
    const admin = await makeEmployer(t.ctx.db, w.globex, 'ada@globex.test', 'Admin');
    expect((await list(admin)).items.every((e) => e.companyId === w.globex)).toBe(true);
    const csv = await call('GET', `/api/audit-log/export?companyId=${w.globex}`, w.erin);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 2);

    const employee = await makePerson(t.ctx.db, w.acme, 'Emma', 'Employee');
    for (const url of ['/api/audit-log', '/api/audit-log/export']) {
      expect((await call('GET', url, employee.token)).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
  });

  it('exports the filtered list as CSV, newest first, with every formula-like cell neutralised', async () => {
    await seed(1, { actorName: '=HYPERLINK("http://evil.test","x")', reason: '+SUM(A1)', targetLabel: '-2+3', summary: '@cmd' });
    await seed(1, { actorName: '\tTabbed', reason: '\rReturn', action: 'employee.deleted' }, Date.UTC(2026, 1, 1));
    await seed(1, { companyId: w.globex }, Date.UTC(2026, 1, 2));
    const res = await call('GET', `/api/audit-log/export?companyId=${w.acme}`, w.root.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const C = MESSAGES.audit.columns;
    expect(lines[0]).toBe([C.when, C.actor, C.actorEmail, C.actorRole, C.action, C.summary, C.company, C.companyId, C.target, C.targetId, C.reason].join(','));
    expect(lines[1]).toMatch(/^2026-02-01T00:00:00.000Z,'\tTabbed,erin@acme\.test,Employer,Employee deleted,/);
    expect(lines[1]).toContain(`"'\rReturn"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines[2]).toContain(`,'@cmd,`);
    expect(lines[2]).toContain(`,'-2+3,`);
    expect(lines[2]).toMatch(/,'\+SUM\(A1\)$/);
    expect(lines.filter(Boolean)).toHaveLength(3);
  });

  it('keeps the list on an index', async () => {
    // One transaction, so the setting and the plans share a connection (PostgreSQL's pool has several).
    await t.ctx.db.transaction(async (tx) => {
      const plan = async (where: string) =>
        JSON.stringify(await tx.execute(sql.raw(`explain select * from audit_log ${where} order by created_at desc, id desc limit 10`)));
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      // A log of a few rows gives both indexes the same cost, and which one wins then depends on
      // when the table was last analysed: other companies' entries and fresh statistics, as a live
      // log has, make the choice the one that matters.
      await tx.execute(
        sql.raw(`insert into audit_log (actor_name, action, summary, company_id, target_kind)
          select 'Someone else', 'employee.deleted', 'Employee deleted', gen_random_uuid(), 'user' from generate_series(1, 2000)`),
      );
      await tx.execute(sql.raw('analyze audit_log'));
      expect(await plan(`where company_id = '${w.acme}'`)).toContain('audit_log_company_created_idx');
      expect(await plan('')).toContain('audit_log_created_idx');
      const count = JSON.stringify(
        await tx.execute(sql.raw(`explain select count(*) from audit_log where lower(actor_name || ' ' || coalesce(actor_email, '')) like '%erin%'`)),
      );
      expect(count).toContain('audit_log_actor_trgm_idx');
    });
  });
});

describe('release changes', () => {
  const history = [
    { at: '2026-03-01T10:00:00.000Z', action: 'publish', remote: 'mfe-employees', version: '1.5.0', by: 'ops@portal.test' },
    { at: '2026-03-01T10:05:00.000Z', action: 'canary', remote: 'mfe-employees', version: '1.5.0', from: '1.4.0', note: '10%' },
    { at: '2026-03-02T09:00:00.000Z', action: 'rollback', remote: 'mfe-employees', version: '1.4.0', from: '1.5.0' },
  ];

  it('records each line of the release history once, however often it is read, and shows it to super admins only', async () => {
    expect(await importReleaseHistory(t.ctx.db, history.slice(0, 2))).toBe(2);
    expect(await importReleaseHistory(t.ctx.db, history)).toBe(1);
    expect(await importReleaseHistory(t.ctx.db, history)).toBe(0);
    const page = await list(w.root.token, '?action=release.changed');
    expect(page.items.map((e) => e.summary)).toEqual([
      'Release changed: mfe-employees 1.4.0, rollback, from 1.5.0',
      'Release changed: mfe-employees 1.5.0, canary, from 1.4.0',
      'Release changed: mfe-employees 1.5.0, publish',
    ]);
    expect(page.items[2]).toMatchObject({ actorName: 'ops@portal.test', actorUserId: null, targetKind: 'release', targetId: 'mfe-employees@1.5.0', createdAt: history[0]!.at });
    expect(page.items[1]).toMatchObject({ actorName: MESSAGES.audit.releaseActor, reason: '10%' });
    expect((await list(w.erin)).totalCount).toBe(0);
  });
});
