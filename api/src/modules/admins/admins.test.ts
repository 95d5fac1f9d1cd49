import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, adminEntrySchema, okWithIdSchema, pageOf, type AddUserBody } from '@portal/shared-contracts';
import { companies, employerUsers, users } from '../../db/schema';
import { readOutbox } from '../../mail/mailer';
import { bearer, employerRows, json, loginAs, superAdminSession, useTestApp, type Res } from '../../test/test-support';
import { TEST_SUPERADMIN } from '../../test/testing';
import { removeUser } from './service';

const adminPageSchema = pageOf(adminEntrySchema);

const t = useTestApp();

let root: string;
let rootId: string;
let acme: string;
let globex: string;
let erin: { token: string; id: string };
let gus: { token: string; id: string };

async function company(name: string, email: string) {
  const [c] = await t.ctx.db.insert(companies).values({ name, email, phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
  return c!.id;
}

async function login(email: string, password: string) {
  const res = await loginAs(t.app, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string; id: string; role: string; employerId: string | null; employerUserId: string | null; signUpState: number }>(res);
}

beforeEach(async () => {
  await t.reset();
  acme = await company('Acme Ltd', 'hello@acme.test');
  globex = await company('Globex plc', 'hello@globex.test');
  // The people as rows (registration and sign-in have their own tests; this file's new users sign in).
  erin = await employerRows(t.ctx.db, acme, 'erin@acme.test', 'Erin Walker');
  gus = await employerRows(t.ctx.db, globex, 'gus@globex.test', 'Gus Grant');
  root = await superAdminSession(t.ctx.db);
  rootId = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_SUPERADMIN.email)))[0]!.id;
});

const user = (over: Partial<AddUserBody> = {}) => ({ userName: 'amy', email: 'amy@acme.test', password: 'secret12', role: 'Admin', ...over });

const add = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/users/add', headers: bearer(token), payload });
const remove = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/accounts/users/${id}`, headers: bearer(token) });
const admins = (token: string, employerId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/accounts/employer/${employerId}/admins${query}`, headers: bearer(token) });
const superAdmins = (token: string) => t.app.inject({ method: 'GET', url: '/api/accounts/super-admins', headers: bearer(token) });

function added(res: Res) {
  expect(res.statusCode, res.body).toBe(201);
  return okWithIdSchema.parse(json(res));
}

function page(res: Res) {
  expect(res.statusCode, res.body).toBe(200);
  return adminPageSchema.parse(json(res));
}

function expectError(res: Res, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ success: false, message });
}

const countUsers = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('employer User Management', () => {
  it('adds an admin to the caller’s own company, whatever employerId the body names; the admin can log in', async () => {
    const res = added(await add(erin.token, user({ userName: 'Amy', employerId: globex, employerUserId: gus.id })));
    expect(res.message).toBe(MESSAGES.admins.userAdded);
    const [row] = await t.ctx.db.select({ companyId: users.companyId, role: users.role }).from(users).where(eq(users.id, res.id));
    expect(row).toEqual({ companyId: acme, role: 'Admin' });

    const amy = await login('AMY@acme.test', 'secret12');
    expect(amy).toMatchObject({ id: res.id, role: 'Admin', employerId: acme, signUpState: 3 });
    const [record] = await t.ctx.db.select({ id: employerUsers.id }).from(employerUsers).where(eq(employerUsers.userId, res.id));
    expect(amy.employerUserId).toBe(record!.id);
    // An admin manages the same company's admins.
    expect((await admins(amy.token, acme)).statusCode).toBe(200);
  });

  it('lists the company’s employer and admin users by name, never the caller', async () => {
    for (const name of ['zoe', 'bob', 'Carl']) added(await add(erin.token, user({ userName: name, email: `${name}@acme.test` })));
    const list = page(await admins(erin.token, acme));
    expect(list.items.map((a) => [a.name, a.role])).toEqual([
      ['bob', 'Admin'],
      ['Carl', 'Admin'],
      ['zoe', 'Admin'],
    ]);
    expect(list.items[0]).toEqual({ id: expect.any(String), name: 'bob', email: 'bob@acme.test', role: 'Admin', offices: null });

    const bob = await login('bob@acme.test', 'secret12');
    expect(page(await admins(bob.token, acme)).items.map((a) => a.name)).toEqual(['Carl', 'Erin Walker', 'zoe']);
    expect(page(await admins(bob.token, acme, '?pageNumber=2&pageSize=2'))).toMatchObject({
      items: [{ name: 'zoe' }],
      totalCount: 3,
      totalPages: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
  });

  it('keeps each company to itself: another company’s ids answer 404 and change nothing', async () => {
    const amy = added(await add(erin.token, user()));
    const before = await countUsers();

    const list = await admins(gus.token, acme);
    expectError(list, 404, MESSAGES.company.notFound);
    expect(list.body).not.toContain('amy@acme.test');
    expectError(await remove(gus.token, amy.id), 404, MESSAGES.common.notFound);
    expectError(await remove(gus.token, erin.id), 404, MESSAGES.common.notFound);
    expectError(await remove(gus.token, '00000000-0000-0000-0000-000000000000'), 404, MESSAGES.common.notFound);
    expectError(await remove(gus.token, 'not-an-id'), 404, MESSAGES.common.notFound);
    expect(await countUsers()).toBe(before);
    expect(page(await admins(erin.token, acme)).items.map((a) => a.email)).toEqual(['amy@acme.test']);

    // Adding with the other company's ids in the body still lands in the caller's own company.
    const sly = added(await add(gus.token, user({ email: 'sly@globex.test', employerId: acme, employerUserId: erin.id })));
    expect(page(await admins(erin.token, acme)).items.map((a) => a.email)).toEqual(['amy@acme.test']);
    expect(page(await admins(gus.token, globex)).items.map((a) => a.id)).toEqual([sly.id]);
  });

  it('refuses roles other than Admin from an employer (403) and creates nobody', async () => {
    const before = await countUsers();
    expectError(await add(erin.token, user({ role: 'SuperAdmin' })), 403, MESSAGES.common.forbidden);
    expectError(await add(erin.token, user({ role: 'Employer' })), 403, MESSAGES.common.forbidden);
    expect(await countUsers()).toBe(before);
    expectError(await superAdmins(erin.token), 403, MESSAGES.common.forbidden);
  });

  it('checks the form with the contract’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, MESSAGES.admins.allRequired],
      [user({ password: '' }), MESSAGES.admins.allRequired],
      [user({ email: 'not-an-email' }), MESSAGES.admins.emailInvalid],
      [user({ password: '12345' }), MESSAGES.admins.passwordMin],
      [user({ userName: 'amy smith' }), MESSAGES.admins.usernameSpaces],
    ];
    for (const [payload, message] of cases) expectError(await add(erin.token, payload), 400, message);
  });

  it('removes an admin of the company, whose live session ends at once', async () => {
    const amy = added(await add(erin.token, user()));
    const session = await login('amy@acme.test', 'secret12');
    expect((await admins(session.token, acme)).statusCode).toBe(200);

    const res = await remove(erin.token, amy.id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.admins.userRemoved });
    expect((await admins(session.token, acme)).statusCode).toBe(401);
    expect(page(await admins(erin.token, acme)).items).toEqual([]);
    expect((await loginAs(t.app, 'amy@acme.test', 'secret12')).statusCode).toBe(400);
  });

  it('never removes the caller, nor the company’s owner', async () => {
    added(await add(erin.token, user()));
    const amy = await login('amy@acme.test', 'secret12');
    expectError(await remove(erin.token, erin.id), 400, MESSAGES.admins.cannotRemoveSelf);
    expectError(await remove(amy.token, amy.id), 400, MESSAGES.admins.cannotRemoveSelf);
    expectError(await remove(amy.token, erin.id), 403, MESSAGES.admins.cannotRemoveOwner);
    expect(page(await admins(amy.token, acme)).items.map((a) => a.email)).toEqual(['erin@acme.test']);
  });
});

describe('super-admin Admins', () => {
  it('adds a super admin ("Admin added") who can log in; the list leaves out the caller', async () => {
    const res = added(await add(root, user({ userName: 'Sam', email: 'sam@portal.test', role: 'SuperAdmin' })));
    expect(res.message).toBe(MESSAGES.admins.adminAdded);
    const sam = await login('sam@portal.test', 'secret12');
    expect(sam).toMatchObject({ role: 'SuperAdmin', employerId: null, employerUserId: null });

    const rootList = await superAdmins(root);
    expect(rootList.statusCode).toBe(200);
    expect(json(rootList)).toEqual([{ id: res.id, name: 'Sam', email: 'sam@portal.test', role: 'SuperAdmin', offices: null }]);
    expect(json<{ email: string }[]>(await superAdmins(sam.token)).map((a) => a.email)).toEqual([TEST_SUPERADMIN.email]);
  });

  it('adds an employer ("User added") with no company yet, at sign-up state 0', async () => {
    const res = added(await add(root, user({ userName: 'Nina', email: 'nina@new.test', role: 'Employer', employerId: acme })));
    expect(res.message).toBe(MESSAGES.admins.userAdded);
    expect(await login('nina@new.test', 'secret12')).toMatchObject({ role: 'Employer', employerId: null, signUpState: 0, employerUserId: expect.any(String) });
    expectError(await add(root, user({ email: 'x@acme.test', role: 'Admin' })), 403, MESSAGES.common.forbidden);
  });

  it('lists super admins only, newest first; an employer added here waits in All Employers until its company is set up', async () => {
    const sam = added(await add(root, user({ userName: 'Sam', email: 'sam@portal.test', role: 'SuperAdmin' })));
    const nina = added(await add(root, user({ userName: 'Nina', email: 'nina@new.test', role: 'Employer' })));
    const amy = added(await add(root, user({ userName: 'Amy', email: 'amy@portal.test', role: 'SuperAdmin' })));
    // Amy came last: she heads the list, whatever her name.
    expect(json(await superAdmins(root))).toEqual([
      { id: amy.id, name: 'Amy', email: 'amy@portal.test', role: 'SuperAdmin', offices: null },
      { id: sam.id, name: 'Sam', email: 'sam@portal.test', role: 'SuperAdmin', offices: null },
    ]);
    const awaiting = async (query = '') => json<{ items: { id: string; email: string }[]; totalCount: number }>(
      await t.app.inject({ method: 'GET', url: `/api/employers/awaiting-setup${query}`, headers: bearer(root) }),
    );
    expect((await awaiting()).items.map((e) => [e.id, e.email])).toEqual([[nina.id, 'nina@new.test']]);
    expect((await awaiting('?search=NINA')).totalCount).toBe(1);
    expect((await awaiting('?search=sam')).totalCount).toBe(0);
    // Once Nina's company is set up, it is one of the employers: she waits no more.
    const session = await login('nina@new.test', 'secret12');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: bearer(session.token),
      payload: { name: 'Nina Ltd', email: 'office@nina.test', phoneNumber: '020 7946 0958', countryCode: 'GB' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await awaiting()).items).toEqual([]);
    expect(json<{ email: string }[]>(await superAdmins(root)).map((a) => a.email)).toEqual(['amy@portal.test', 'sam@portal.test']);
  });

  it('answers a taken email (any case) with a failure that confirms nothing, and tells the owner', async () => {
    const before = await countUsers();
    expectError(await add(root, user({ email: 'ERIN@acme.test', role: 'SuperAdmin' })), 400, MESSAGES.admins.addFailed);
    expectError(await add(erin.token, user({ email: 'gus@globex.test' })), 400, MESSAGES.admins.addFailed);
    expect(await countUsers()).toBe(before);
    await t.ctx.mailer.flush();
    expect((await readOutbox(t.ctx.db, { to: 'gus@globex.test' })).map((m) => m.kind)).toEqual(['registration-existing']);
  });

  it('sees and removes the employer-side users of any company', async () => {
    const amy = added(await add(erin.token, user()));
    expect(page(await admins(root, acme)).items.map((a) => a.email)).toEqual(['amy@acme.test', 'erin@acme.test']);
    expectError(await admins(root, '00000000-0000-0000-0000-000000000000'), 404, MESSAGES.company.notFound);
    expect((await remove(root, amy.id)).statusCode).toBe(200);
    expect((await remove(root, erin.id)).statusCode).toBe(200);
    expect((await admins(erin.token, acme)).statusCode).toBe(401);
  });

  it('removes another super admin (their session ends), never itself', async () => {
    const sam = added(await add(root, user({ email: 'sam@portal.test', role: 'SuperAdmin' })));
    const session = await login('sam@portal.test', 'secret12');
    expectError(await remove(root, rootId), 400, MESSAGES.admins.cannotRemoveSelf);
    const res = await remove(root, sam.id);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.admins.userRemoved });
    expect((await superAdmins(session.token)).statusCode).toBe(401);
    expect(json(await superAdmins(root))).toEqual([]);
  });

  it('keeps the last super admin', async () => {
    const sam = added(await add(root, user({ email: 'sam@portal.test', role: 'SuperAdmin' })));
    const samSession = await login('sam@portal.test', 'secret12');
    // Two super admins removing each other at once: one wins, the other is refused.
    const [a, b] = await Promise.all([remove(root, sam.id), remove(samSession.token, rootId)]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].every((s) => [200, 400, 401].includes(s))).toBe(true);
    const left = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin'));
    expect(left).toHaveLength(1);

    // The caller's own row gone meanwhile: the one left is still kept.
    const [survivor] = left;
    const ghost = { sessionId: 'x', userId: '00000000-0000-0000-0000-000000000001', role: 'SuperAdmin', email: 'ghost@portal.test', name: 'Ghost', companyId: null, employerUserId: null, signUpState: 0, via: 'bearer' } as const;
    await expect(removeUser(t.ctx, ghost, survivor!.id, { ip: '127.0.0.1' })).rejects.toMatchObject({ status: 400, message: MESSAGES.admins.lastSuperAdmin });
  });
});
