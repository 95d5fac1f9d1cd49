import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SCIM_LIMITS } from '@portal/shared-contracts';
import { locations } from '../../db/schema';
import { rows } from '../../db/sql';
import { readOutbox } from '../../mail/mailer';
import { hashToken } from '../../lib/tokens';
import { makeCompany, makeEmployer, makePerson } from '../../test/people';
import { bearer, json, useTestApp, type Res } from '../../test/test-support';
import { INVITATION_KIND } from '../../lib/invitations';

/**
 * SCIM 2.0 provisioning end to end over HTTP (fastify.inject): the employer's tokens, the protocol
 * at /scim/v2, and the request sequences Microsoft Entra ID and Okta send, as their public
 * documentation shows them.
 */

const t = useTestApp();
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SCIM_JSON = 'application/scim+json';

interface World {
  acme: string;
  boss: string;
  other: string;
  otherBoss: string;
}
let w: World;

async function newToken(employer: string, name = 'Entra ID'): Promise<{ id: string; token: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/scim/tokens', headers: bearer(employer), payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string; token: string }>(res);
}

function scim(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<Res> {
  return t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': SCIM_JSON } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM answers are read as the provider reads them, field by field
const body = <T = Record<string, any>>(res: Res) => JSON.parse(res.body) as T;

function expectScimError(res: Res, status: number, scimType?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  const b = body(res);
  expect(b.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  expect(b.status).toBe(String(status));
  if (scimType) expect(b.scimType).toBe(scimType);
  expect(typeof b.detail).toBe('string');
  return b;
}

/** Entra ID's create (learn.microsoft.com, "Tutorial: Develop a sample SCIM endpoint", Create User). */
const entraCreate = (userName: string, externalId: string) => ({
  schemas: [USER, ENTERPRISE],
  externalId,
  userName,
  active: true,
  emails: [{ primary: true, type: 'work', value: userName }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Given Family', familyName: 'Family', givenName: 'Given' },
  roles: [],
});

/** Okta's create (developer.okta.com, "SCIM 2.0 protocol reference", Create the user). */
const oktaCreate = (userName: string) => ({
  schemas: [USER],
  userName,
  name: { givenName: 'Olive', familyName: 'Okta' },
  emails: [{ primary: true, value: userName, type: 'work' }],
  displayName: 'Olive Okta',
  locale: 'en-US',
  externalId: '00ujl29u0le5T6Aj10h7',
  groups: [],
  password: '1mz050nq',
  active: true,
});

async function auditOf(companyId: string) {
  return rows<{ action: string; actor_name: string; actor_user_id: string | null; target_label: string | null; summary: string }>(
    t.ctx.db,
    sql`select action, actor_name, actor_user_id, target_label, summary from audit_log where company_id = ${companyId} order by created_at, id`,
  );
}

beforeEach(async () => {
  await t.reset();
  const acme = await makeCompany(t.ctx.db, 'Acme');
  const other = await makeCompany(t.ctx.db, 'Globex');
  w = { acme, boss: await makeEmployer(t.ctx.db, acme, 'boss@acme.test'), other, otherBoss: await makeEmployer(t.ctx.db, other, 'boss@globex.test') };
});

describe('SCIM tokens', () => {
  it('are answered once, kept as SHA-256, listed without the token, audited, and fail at once when revoked', async () => {
    const created = await newToken(w.boss, 'Entra ID');
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await rows<{ token_hash: string }>(t.ctx.db, sql`select token_hash from scim_tokens where id = ${created.id}`);
    expect(stored!.token_hash).toBe(hashToken(created.token));

    const listed = await t.app.inject({ method: 'GET', url: '/api/scim/tokens', headers: bearer(w.boss) });
    expect(listed.statusCode).toBe(200);
    const l = json<{ baseUrl: string; tokens: Record<string, unknown>[] }>(listed);
    expect(l.baseUrl).toMatch(/\/scim\/v2$/);
    expect(l.tokens).toEqual([{ id: created.id, name: 'Entra ID', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(listed.body).not.toContain(created.token);

    expect((await scim(created.token, 'GET', '/Users')).statusCode).toBe(200);
    const used = json<{ tokens: { lastUsedAt: string | null }[] }>(await t.app.inject({ method: 'GET', url: '/api/scim/tokens', headers: bearer(w.boss) }));
    expect(used.tokens[0]!.lastUsedAt).not.toBeNull();

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/scim/tokens/${created.id}`, headers: bearer(w.boss) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectScimError(await scim(created.token, 'GET', '/Users'), 401);

    const audit = await auditOf(w.acme);
    expect(audit.map((a) => [a.action, a.target_label])).toEqual([
      ['scim.tokenCreated', 'Entra ID'],
      ['scim.tokenRevoked', 'Entra ID'],
    ]);
  });

  it("refuse a duplicate name, another company's token, and an employee", async () => {
    const { id } = await newToken(w.boss, 'Okta');
    const again = await t.app.inject({ method: 'POST', url: '/api/scim/tokens', headers: bearer(w.boss), payload: { name: 'okta' } });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(MESSAGES.scim.nameTaken);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/scim/tokens/${id}`, headers: bearer(w.otherBoss) });
    expect(foreign.statusCode).toBe(404);
    const employee = await makePerson(t.ctx.db, w.acme, 'Eve', 'Employee');
    expect((await t.app.inject({ method: 'GET', url: '/api/scim/tokens', headers: bearer(employee.token) })).statusCode).toBe(403);
    const blank = await t.app.inject({ method: 'POST', url: '/api/scim/tokens', headers: bearer(w.boss), payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).message).toBe(MESSAGES.scim.nameRequired);
  });
});

describe('SCIM authentication', () => {
  it('answers 401 in SCIM format without a token, with a wrong one, or with a session token', async () => {
    const employee = await makePerson(t.ctx.db, w.acme, 'Sam', 'Session');
    expectScimError(await t.app.inject({ method: 'GET', url: '/scim/v2/Users' }), 401);
    expectScimError(await scim('not-a-token', 'GET', '/Users'), 401);
    expectScimError(await scim(employee.token, 'GET', '/Users'), 401);
  });

  it('limits bad tokens from one address like failed logins', async () => {
    t.ctx.config.rateLimits.loginPerAddress = 3;
    try {
      for (let i = 0; i < 3; i++) expectScimError(await scim(`bad-${i}`, 'GET', '/Users'), 401);
      const { token } = await newToken(w.boss);
      const limited = expectScimError(await scim(token, 'GET', '/Users'), 429);
      expect(limited.detail).toBe(MESSAGES.scim.tooManyAttempts);
    } finally {
      t.ctx.config.rateLimits.loginPerAddress = 100;
    }
  });

  it("a token of company A used on company B's user answers 404, and lists only A's", async () => {
    const a = await newToken(w.boss);
    const b = await newToken(w.otherBoss);
    const bUser = body(await scim(b.token, 'POST', '/Users', entraCreate('gina@globex.test', 'g-1')));
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const payload = method === 'PUT' ? entraCreate('gina@globex.test', 'g-1') : method === 'PATCH' ? { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] } : undefined;
      expectScimError(await scim(a.token, method, `/Users/${bUser.id}`, payload), 404);
    }
    const list = body(await scim(a.token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "gina@globex.test"')}`));
    expect(list.totalResults).toBe(0);
    // B's employee is untouched.
    expect(body(await scim(b.token, 'GET', `/Users/${bUser.id}`)).active).toBe(true);
    // Creating an address another company holds: 409, naming nobody.
    const clash = expectScimError(await scim(a.token, 'POST', '/Users', entraCreate('GINA@globex.test', 'x')), 409, 'uniqueness');
    expect(clash.detail).toBe(MESSAGES.scim.userNameTaken);
    expect(clash.detail).not.toContain('Globex');
  });
});

describe('SCIM discovery', () => {
  it('describes the service, its resource type and schemas', async () => {
    const { token } = await newToken(w.boss);
    const config = await scim(token, 'GET', '/ServiceProviderConfig');
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(body(config)).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: SCIM_LIMITS.maxPageSize }, bulk: { supported: false } });
    expect(body(await scim(token, 'GET', '/ResourceTypes')).Resources[0]).toMatchObject({ id: 'User', endpoint: '/Users', schema: USER });
    expect(body(await scim(token, 'GET', '/Schemas')).Resources.map((s: { id: string }) => s.id)).toEqual([USER, ENTERPRISE]);
    expect(body(await scim(token, 'GET', `/Schemas/${USER}`)).attributes[0].name).toBe('userName');
    expectScimError(await scim(token, 'GET', '/Groups'), 404);
    const wrongMethod = expectScimError(await scim(token, 'DELETE', '/Users'), 405);
    expect(wrongMethod.detail).toBe(MESSAGES.scim.methodNotAllowed);
  });
});

describe('SCIM Users: filters and paging', () => {
  it('filters by userName (any case), externalId, emails and active, pages with startIndex and count', async () => {
    const { token } = await newToken(w.boss);
    for (let i = 1; i <= 5; i++) {
      const res = await scim(token, 'POST', '/Users', { ...entraCreate(`person${i}@acme.test`, `ext-${i}`), active: i !== 3 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const q = (filter: string, extra = '') => scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}${extra}`).then(body);
    expect((await q('userName eq "PERSON2@acme.test"')).Resources.map((u: { userName: string }) => u.userName)).toEqual(['person2@acme.test']);
    expect((await q('externalId eq "ext-4"')).Resources[0].userName).toBe('person4@acme.test');
    expect((await q('externalId eq "EXT-4"')).totalResults).toBe(0);
    expect((await q('emails[type eq "work" and value eq "person5@acme.test"]')).totalResults).toBe(1);
    expect((await q('active eq false')).Resources.map((u: { userName: string }) => u.userName)).toEqual(['person3@acme.test']);
    expect((await q('userName eq "person1@acme.test" and active eq true')).totalResults).toBe(1);
    expect((await q('userName eq "nobody@acme.test"')).totalResults).toBe(0);

    const page = body(await scim(token, 'GET', '/Users?startIndex=2&count=2'));
    expect(page).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((u: { userName: string }) => u.userName)).toEqual(['person2@acme.test', 'person3@acme.test']);
    const past = body(await scim(token, 'GET', '/Users?startIndex=9&count=2'));
    expect(past).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const countOnly = body(await scim(token, 'GET', '/Users?count=0'));
    expect(countOnly).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
    const capped = body(await scim(token, 'GET', `/Users?count=${SCIM_LIMITS.maxPageSize + 50}`));
    expect(capped.itemsPerPage).toBe(5);
  });

  it('answers 400 invalidFilter for an unsupported, malformed or overlong filter, and 400 for bad paging', async () => {
    const { token } = await newToken(w.boss);
    const f = (filter: string) => scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(expectScimError(await f('userName co "acme"'), 400, 'invalidFilter').detail).toBe(MESSAGES.scim.filterUnsupported);
    expectScimError(await f('title eq "x"'), 400, 'invalidFilter');
    expectScimError(await f('userName eq "a" or userName eq "b"'), 400, 'invalidFilter');
    expect(expectScimError(await f('userName eq'), 400, 'invalidFilter').detail).toBe(MESSAGES.scim.filterInvalid);
    const long = `userName eq "${'a'.repeat(SCIM_LIMITS.filterMax)}"`;
    expect(expectScimError(await f(long), 400, 'invalidFilter').detail).toBe(MESSAGES.scim.filterTooLong(SCIM_LIMITS.filterMax));
    expectScimError(await scim(token, 'GET', '/Users?startIndex=abc'), 400, 'invalidValue');
    expectScimError(await scim(token, 'GET', '/Users?count=1e3'), 400, 'invalidValue');
  });
});

describe('SCIM Users: what a provider sends', () => {
  it('Entra ID: finds, creates, updates, deactivates and deletes a user', async () => {
    const { token } = await newToken(w.boss, 'Entra ID');
    // 1. Is the user there? (Entra asks by userName before it creates)
    const before = body(await scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "Test_User_dfeef4c5@acme.test"')}`));
    expect(before).toMatchObject({ totalResults: 0, Resources: [] });
    // 2. Create
    const created = await scim(token, 'POST', '/Users', entraCreate('Test_User_dfeef4c5@acme.test', '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const user = body(created);
    expect(created.headers.location).toBe(user.meta.location);
    expect(user).toMatchObject({
      userName: 'Test_User_dfeef4c5@acme.test',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      active: true,
      name: { givenName: 'Given', familyName: 'Family' },
      meta: { resourceType: 'User' },
    });
    // An approved employee of the company, invited to choose a password like one added by CSV.
    const [row] = await rows<{ company_id: string; role: string; is_approved: boolean }>(t.ctx.db, sql`select company_id, role, is_approved from users where id = ${user.id}`);
    expect(row).toEqual({ company_id: w.acme, role: 'Employee', is_approved: true });
    expect(await readOutbox(t.ctx.db, { to: 'Test_User_dfeef4c5@acme.test', kind: INVITATION_KIND })).toHaveLength(1);
    // 3. Get by id
    expect(body(await scim(token, 'GET', `/Users/${user.id}`)).userName).toBe('Test_User_dfeef4c5@acme.test');
    // 4. Update: Entra's PATCH with capitalised ops, filtered paths and the enterprise extension
    const updated = await scim(token, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'name.familyName', value: 'Newfamily' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '07400 123456' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'Test_User_dfeef4c5@acme.test' },
        { op: 'Add', path: `${ENTERPRISE}:employeeNumber`, value: 'E-42' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Finance' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body(updated)).toMatchObject({
      name: { familyName: 'Newfamily' },
      phoneNumbers: [{ value: '07400 123456' }],
      [ENTERPRISE]: { employeeNumber: 'E-42', department: 'Finance' },
    });
    // 5. Deactivate: Entra sends the boolean as the string "False"
    const off = await scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).active).toBe(false);
    // 6. Delete
    const del = await scim(token, 'DELETE', `/Users/${user.id}`);
    expect(del.statusCode).toBe(204);
    expectScimError(await scim(token, 'GET', `/Users/${user.id}`), 404);
    // The row stays, deactivated, for the company's figures.
    const [kept] = await rows<{ is_active: boolean }>(t.ctx.db, sql`select is_active from users where id = ${user.id}`);
    expect(kept).toEqual({ is_active: false });

    const audit = (await auditOf(w.acme)).filter((a) => a.action !== 'scim.tokenCreated');
    expect(audit.map((a) => a.action)).toEqual(['scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userDeleted']);
    expect(new Set(audit.map((a) => a.actor_name))).toEqual(new Set([MESSAGES.scim.auditActor('Entra ID')]));
    expect(audit.every((a) => a.actor_user_id === null)).toBe(true);
    expect(audit[1]!.summary).toContain('name, phoneNumbers, employeeNumber, department');
  });

  it('Okta: finds, creates, reads, replaces, deactivates and reactivates a user', async () => {
    const { token } = await newToken(w.boss, 'Okta');
    const search = body(await scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "olive@acme.test"')}&startIndex=1&count=100`));
    expect(search.totalResults).toBe(0);
    const created = await scim(token, 'POST', '/Users', oktaCreate('olive@acme.test'));
    expect(created.statusCode, created.body).toBe(201);
    const user = body(created);
    expect(user).toMatchObject({ userName: 'olive@acme.test', externalId: '00ujl29u0le5T6Aj10h7', active: true });
    // The password a provider sends is never taken: the account has none until the invitation is used.
    const [pw] = await rows<{ password_hash: string }>(t.ctx.db, sql`select password_hash from users where id = ${user.id}`);
    expect(pw!.password_hash).toBe('!invited');
    expect(body(await scim(token, 'GET', `/Users/${user.id}`)).id).toBe(user.id);
    // Okta's profile update is a PUT of the whole user.
    const put = await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('olive@acme.test'), id: user.id, name: { givenName: 'Olivia', familyName: 'Okta' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(body(put).name).toMatchObject({ givenName: 'Olivia', familyName: 'Okta' });
    // Okta's deactivation: a path-less replace.
    const off = await scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).active).toBe(false);
    const on = await scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(body(on).active).toBe(true);
    const [r] = await rows<{ is_active: boolean; deactivated_at: Date | null }>(t.ctx.db, sql`select is_active, deactivated_at from users where id = ${user.id}`);
    expect(r).toEqual({ is_active: true, deactivated_at: null });
    const audit = (await auditOf(w.acme)).map((a) => a.action);
    expect(audit).toEqual(['scim.tokenCreated', 'scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userReactivated']);
  });

  it('sends no password invitation to an address of a domain proven for single sign-on', async () => {
    const { token } = await newToken(w.boss);
    await t.ctx.db.execute(sql`insert into sso_connections (company_id, issuer, client_id, client_secret_enc) values (${w.acme}, 'http://127.0.0.1:1/', 'portal', 'sealed')`);
    await t.ctx.db.execute(sql`insert into sso_domains (company_id, domain, verification_token, verified_at) values (${w.acme}, 'acme.test', 'proven', now())`);
    // Claimed but not proven: the provider does not vouch for it, so the address chooses a password.
    await t.ctx.db.execute(sql`insert into sso_domains (company_id, domain, verification_token) values (${w.acme}, 'acme-claimed.test', 'claimed')`);

    const sso = await scim(token, 'POST', '/Users', entraCreate('Sam.Sso@ACME.test', 'sso-1'));
    expect(sso.statusCode, sso.body).toBe(201);
    expect(body(sso).active).toBe(true);
    expect(await readOutbox(t.ctx.db, { to: 'Sam.Sso@ACME.test', kind: INVITATION_KIND })).toHaveLength(0);
    const [row] = await rows<{ invited_at: Date | null; is_active: boolean; n: number }>(
      t.ctx.db,
      sql`select u.invited_at, u.is_active, (select count(*)::int from password_reset_tokens p where p.user_id = u.id) as n from users u where u.id = ${body(sso).id}`,
    );
    expect(row).toEqual({ invited_at: null, is_active: true, n: 0 });

    const claimed = await scim(token, 'POST', '/Users', entraCreate('cleo@acme-claimed.test', 'sso-2'));
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(await readOutbox(t.ctx.db, { to: 'cleo@acme-claimed.test', kind: INVITATION_KIND })).toHaveLength(1);
  });

  it('active false ends the employee\'s sessions at once', async () => {
    const { token } = await newToken(w.boss);
    const person = await makePerson(t.ctx.db, w.acme, 'Sid', 'Session');
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(person.token) })).statusCode).toBe(200);
    const off = await scim(token, 'PATCH', `/Users/${person.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(person.token) })).statusCode).toBe(401);
    // Ended, not only refused: the rows are gone, so reactivating does not bring the session back.
    const [left] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sessions where user_id = ${person.id}`);
    expect(left!.n).toBe(0);
  });

  it('DELETE ends sessions too, keeps the trips, and a later create takes the account back', async () => {
    const { token } = await newToken(w.boss);
    const person = await makePerson(t.ctx.db, w.acme, 'Dee', 'Leted');
    expect((await scim(token, 'DELETE', `/Users/${person.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(person.token) })).statusCode).toBe(401);
    expectScimError(await scim(token, 'DELETE', `/Users/${person.id}`), 404);
    const again = await scim(token, 'POST', '/Users', entraCreate(person.email, 'back'));
    expect(again.statusCode, again.body).toBe(201);
    expect(body(again)).toMatchObject({ id: person.id, active: true });
  });

  it('refuses bad input with SCIM errors that say what to fix', async () => {
    const { token } = await newToken(w.boss);
    const base = entraCreate('val@acme.test', 'v');
    const phone = expectScimError(await scim(token, 'POST', '/Users', { ...base, phoneNumbers: [{ type: 'mobile', value: '12345' }] }), 400, 'invalidValue');
    expect(phone.detail).toBe(MESSAGES.scim.phoneInvalid('United Kingdom'));
    expect(expectScimError(await scim(token, 'POST', '/Users', { ...base, userName: 'not-an-address' }), 400, 'invalidValue').detail).toBe(MESSAGES.scim.userNameInvalid);
    expect(expectScimError(await scim(token, 'POST', '/Users', { ...base, userName: undefined }), 400, 'invalidValue').detail).toBe(MESSAGES.scim.userNameRequired);
    expectScimError(await scim(token, 'POST', '/Users', { ...base, userName: `${'a'.repeat(300)}@acme.test` }), 400, 'invalidValue');
    expectScimError(await scim(token, 'POST', '/Users', { ...base, active: 'maybe' }), 400, 'invalidValue');
    expectScimError(await scim(token, 'POST', '/Users', { ...base, schemas: ['urn:example:Other'] }), 400, 'invalidValue');
    expectScimError(await scim(token, 'POST', '/Users', [1, 2]), 400, 'invalidValue');
    const bad = await t.app.inject({ method: 'POST', url: '/scim/v2/Users', headers: { authorization: `Bearer ${token}`, 'content-type': SCIM_JSON }, payload: '{"userName":' });
    expectScimError(bad, 400, 'invalidSyntax');
    const form = await t.app.inject({ method: 'POST', url: '/scim/v2/Users', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: 'x' });
    expectScimError(form, 415);
    const big = await scim(token, 'POST', '/Users', { ...base, padding: 'x'.repeat(SCIM_LIMITS.bodyMax) });
    expectScimError(big, 413);
    const created = body(await scim(token, 'POST', '/Users', base));
    expectScimError(await scim(token, 'POST', '/Users', base), 409, 'uniqueness');
    const p = (Operations: unknown, schemas: unknown = [PATCH_OP]) => scim(token, 'PATCH', `/Users/${created.id}`, { schemas, Operations });
    expectScimError(await p([{ op: 'replace', path: 'active', value: false }], ['urn:x']), 400, 'invalidSyntax');
    expectScimError(await p([]), 400, 'invalidSyntax');
    expectScimError(await p([{ op: 'move', path: 'active', value: false }]), 400, 'invalidSyntax');
    expectScimError(await p([{ op: 'replace', path: 'id', value: 'x' }]), 400, 'mutability');
    expectScimError(await p([{ op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: 'call me' }]), 400, 'invalidValue');
    expectScimError(await scim(token, 'GET', '/Users/not-a-uuid'), 404);
    // Nothing of the refused requests changed the employee.
    expect(body(await scim(token, 'GET', `/Users/${created.id}`))).toMatchObject({ active: true, userName: 'val@acme.test' });
  });

  it('refuses a userName an administrator of the company holds, and a pending join request becomes the provisioned employee', async () => {
    const { token } = await newToken(w.boss);
    expectScimError(await scim(token, 'POST', '/Users', entraCreate('boss@acme.test', 'b')), 409, 'uniqueness');
    const pending = await makePerson(t.ctx.db, w.acme, 'Pat', 'Pending', { approved: false });
    expect(body(await scim(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${pending.email}"`)}`)).totalResults).toBe(0);
    const adopted = await scim(token, 'POST', '/Users', entraCreate(pending.email, 'p'));
    expect(adopted.statusCode, adopted.body).toBe(201);
    expect(body(adopted).id).toBe(pending.id);
  });
});

describe('SCIM Users: the office (addresses[type eq "work"].formatted)', () => {
  async function office(companyId: string, addressLine1: string, town: string): Promise<string> {
    const [l] = await t.ctx.db.insert(locations).values({ companyId, addressLine1, town, postalCode: 'LS1 5HD' }).returning();
    return l!.id;
  }
  const officeIdOf = async (id: string) => (await rows<{ office_id: string | null }>(t.ctx.db, sql`select office_id from users where id = ${id}`))[0]!.office_id;
  const officeAudit = async () =>
    (await auditOf(w.acme)).filter((a) => a.action === 'employee.officeChanged').map((a) => ({ actor: a.actor_name, summary: a.summary }));
  const work = (formatted: string) => [{ type: 'work', formatted, primary: true }];

  it('create sets it by name (any case, spaces trimmed), GET answers it back, PUT changes and keeps it', async () => {
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    const york = await office(w.acme, '2 Station Rise', 'York');
    const { token } = await newToken(w.boss, 'Entra ID');
    const created = await scim(token, 'POST', '/Users', { ...entraCreate('ann@acme.test', 'a-1'), addresses: work('  1 park row, LEEDS ') });
    expect(created.statusCode, created.body).toBe(201);
    const user = body(created);
    expect(await officeIdOf(user.id)).toBe(leeds);
    // Answered back as every screen names it, in the attribute it came in: no drift for the provider to re-send.
    expect(user.addresses).toEqual(work('1 Park Row, Leeds'));
    expect(body(await scim(token, 'GET', `/Users/${user.id}`)).addresses).toEqual(work('1 Park Row, Leeds'));
    const listed = body(await scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ann@acme.test"')}`));
    expect(listed.Resources[0].addresses).toEqual(work('1 Park Row, Leeds'));

    // A create without the attribute: no office.
    const bare = body(await scim(token, 'POST', '/Users', entraCreate('ben@acme.test', 'b-1')));
    expect(bare.addresses).toBeUndefined();
    expect(await officeIdOf(bare.id)).toBeNull();

    // PUT (Okta's update): by the first address line too; without addresses the office stays.
    const put = await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('ann@acme.test'), addresses: [{ type: 'work', formatted: '2 STATION RISE' }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(await officeIdOf(user.id)).toBe(york);
    expect(body(await scim(token, 'PUT', `/Users/${user.id}`, oktaCreate('ann@acme.test'))).addresses).toEqual(work('2 Station Rise, York'));
    expect(await officeIdOf(user.id)).toBe(york);
    // The same office again changes nothing and records nothing.
    await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('ann@acme.test'), addresses: work('2 Station Rise, York') });
    // An empty value: No office.
    const none = await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('ann@acme.test'), addresses: work('') });
    expect(none.statusCode, none.body).toBe(200);
    expect(body(none).addresses).toBeUndefined();
    expect(await officeIdOf(user.id)).toBeNull();

    const actor = MESSAGES.scim.auditActor('Entra ID');
    expect(await officeAudit()).toEqual([
      { actor, summary: expect.stringContaining('1 Park Row, Leeds') },
      { actor, summary: expect.stringContaining('2 Station Rise, York') },
      { actor, summary: expect.stringContaining(MESSAGES.insights.noOffice) },
    ]);
  });

  it('PATCH sets, replaces and removes it in the path and value forms Entra ID sends', async () => {
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    const york = await office(w.acme, '2 Station Rise', 'York');
    const { token } = await newToken(w.boss, 'Entra ID');
    const user = body(await scim(token, 'POST', '/Users', entraCreate('cat@acme.test', 'c-1')));
    const patch = (Operations: unknown[]) => scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations });

    const added = await patch([{ op: 'Add', path: 'addresses[type eq "work"].formatted', value: '1 Park Row, Leeds' }]);
    expect(added.statusCode, added.body).toBe(200);
    expect(body(added).addresses).toEqual(work('1 Park Row, Leeds'));
    expect(await officeIdOf(user.id)).toBe(leeds);

    const replaced = await patch([{ op: 'Replace', path: 'addresses[type eq "work"].formatted', value: '2 station rise, york' }]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await officeIdOf(user.id)).toBe(york);

    // A path-less operation whose value names the filtered path.
    const byValue = await patch([{ op: 'Replace', value: { 'addresses[type eq "work"].formatted': '1 Park Row, Leeds', 'name.familyName': 'Family' } }]);
    expect(byValue.statusCode, byValue.body).toBe(200);
    expect(await officeIdOf(user.id)).toBe(leeds);

    // Another attribute's change leaves the office as it is.
    expect((await patch([{ op: 'Replace', path: 'active', value: 'True' }])).statusCode).toBe(200);
    expect(await officeIdOf(user.id)).toBe(leeds);

    // Remove, and Replace with an empty value: No office.
    const removed = await patch([{ op: 'Remove', path: 'addresses[type eq "work"].formatted' }]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(body(removed).addresses).toBeUndefined();
    expect(await officeIdOf(user.id)).toBeNull();
    await patch([{ op: 'Add', path: 'addresses', value: work('2 Station Rise, York') }]);
    expect(await officeIdOf(user.id)).toBe(york);
    expect((await patch([{ op: 'Remove', path: 'addresses[type eq "work"]' }])).statusCode).toBe(200);
    expect(await officeIdOf(user.id)).toBeNull();
    await patch([{ op: 'Replace', path: 'addresses[type eq "work"].formatted', value: '1 Park Row, Leeds' }]);
    expect((await patch([{ op: 'Replace', path: 'addresses[type eq "work"].formatted', value: '' }])).statusCode).toBe(200);
    expect(await officeIdOf(user.id)).toBeNull();

    expect(await officeAudit()).toHaveLength(8);
  });

  it('an unknown or ambiguous office, or another company\'s, answers 400 invalidValue naming it and changes nothing', async () => {
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    await office(w.acme, '5 High Street', 'Leeds');
    await office(w.acme, '5 High Street', 'York');
    await office(w.other, '9 Globex Way', 'Hull');
    const { token } = await newToken(w.boss, 'Entra ID');
    const refused = expectScimError(await scim(token, 'POST', '/Users', { ...entraCreate('dan@acme.test', 'd-1'), addresses: work('Head Office') }), 400, 'invalidValue');
    expect(refused.detail).toBe(MESSAGES.scim.officeUnknown('Head Office'));
    expect(await rows(t.ctx.db, sql`select id from users where email = 'dan@acme.test'`)).toEqual([]);

    const user = body(await scim(token, 'POST', '/Users', { ...entraCreate('dan@acme.test', 'd-1'), addresses: work('1 Park Row, Leeds') }));
    const patch = (value: string) =>
      scim(token, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'addresses[type eq "work"].formatted', value }] });
    expect(expectScimError(await patch('9 Globex Way, Hull'), 400, 'invalidValue').detail).toBe(MESSAGES.scim.officeUnknown('9 Globex Way, Hull'));
    expect(expectScimError(await patch('5 high street'), 400, 'invalidValue').detail).toBe(MESSAGES.scim.officeAmbiguous('5 high street'));
    expect((await patch('5 High Street, York')).statusCode).toBe(200);
    expectScimError(await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('dan@acme.test'), addresses: work('x'.repeat(201)) }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PUT', `/Users/${user.id}`, { ...oktaCreate('dan@acme.test'), addresses: 'Leeds' }), 400, 'invalidValue');
    expect(await officeIdOf(user.id)).not.toBe(leeds);
  });
});
