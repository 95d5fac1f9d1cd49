import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { startIdentityProvider, type IdentityProvider } from '../../demo/identity-provider';
import { rows } from '../../db/sql';
import { locations, ssoConnections, ssoDomains, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { bearer, json, useTestApp, type Res } from '../../test/test-support';
import { makeCompany, makeEmployer } from '../../test/trips-world';

/**
 * Company single sign-on end to end: a real OpenID Provider (oidc-provider) on loopback, the api
 * through fastify.inject, the provider's login form driven over HTTP as a browser would.
 */

const t = useTestApp();
const PUBLIC_URL = 'https://portal.test';
let idp: IdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider({
    publicUrl: PUBLIC_URL,
    accounts: [
      { login: 'boss@acme.test', email: 'boss@acme.test', givenName: 'Bea', familyName: 'Boss' },
      { login: 'new.hire@acme.test', email: 'new.hire@acme.test', givenName: 'Nia', familyName: 'Newhire' },
      { login: 'unverified@acme.test', email: 'unverified@acme.test', emailVerified: false },
      { login: 'outsider@acme.test', email: 'someone@elsewhere.test', givenName: 'Otto', familyName: 'Outsider' },
      // Another account of the provider that claims the boss's address.
      { login: 'impostor', email: 'boss@acme.test' },
    ],
  });
});
afterAll(async () => {
  await idp?.close();
});

interface World {
  acme: string;
  boss: { id: string; token: string };
  domainId: string;
}
let w: World;

/** The TXT records the stubbed resolver answers, by domain. */
let dns: Record<string, string[]>;

async function configure(o: { passwordsAllowed?: boolean; autoApprove?: boolean; officeClaim?: string } = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/sso/settings',
    headers: bearer(w.boss.token),
    payload: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, passwordsAllowed: o.passwordsAllowed ?? true, autoApprove: o.autoApprove ?? false, ...(o.officeClaim !== undefined ? { officeClaim: o.officeClaim } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function addDomain(token: string, domain: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/sso/domains', headers: bearer(token), payload: { domain } });
  expect(res.statusCode, res.body).toBe(201);
  const d = json<{ settings: { domains: { id: string; domain: string; txtRecord: string }[] } }>(res).settings.domains.find((x) => x.domain === domain)!;
  return d;
}

async function proveDomain(token: string, domain: string) {
  const d = await addDomain(token, domain);
  dns[domain] = [d.txtRecord];
  const res = await t.app.inject({ method: 'POST', url: `/api/sso/domains/${d.id}/verify`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return d.id;
}

beforeEach(async () => {
  await t.reset();
  dns = {};
  t.ctx.resolveTxt = async (domain: string) => {
    const found = dns[domain];
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${domain}`), { code: 'ENOTFOUND' });
    return found.map((r) => [r]);
  };
  idp.tamper = null;
  const acme = await makeCompany(t.ctx.db, 'Acme');
  const boss = await makeEmployer(t.ctx.db, acme, 'boss@acme.test');
  await t.ctx.db.update(users).set({ passwordHash: await hashPassword('Boss-pass1') }).where(eq(users.id, boss.id));
  w = { acme, boss, domainId: '' };
  await configure();
  w.domainId = await proveDomain(boss.token, 'acme.test');
});

// ---------------------------------------------------------------- a browser at the provider

/** Cookies of the provider's origin, as a browser keeps them (names only: one origin, one path). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Opens the authorization URL, signs in on the provider's form as `login`, and follows its redirects
 * until one leaves for the portal: the callback URL the provider sends the browser to.
 */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let i = 0; i < 12; i++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.take(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(PUBLIC_URL)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('The provider never sent the browser back');
}

const cookieOf = (res: Res, name: string) => {
  const all = res.headers['set-cookie'];
  const list = Array.isArray(all) ? all : all ? [all] : [];
  const c = list.find((x) => x.startsWith(`${name}=`));
  return c ? c.slice(name.length + 1).split(';')[0]! : undefined;
};

interface Flow {
  start: Res;
  browserCookie: string;
  callbackUrl: string;
}

async function startWeb(email: string): Promise<{ res: Res; browserCookie: string; authorizationUrl: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode, res.body).toBe(200);
  return { res, browserCookie: cookieOf(res, '__Host-portal_sso')!, authorizationUrl: json<{ authorizationUrl: string }>(res).authorizationUrl };
}

async function upToCallback(email: string, login = email): Promise<Flow> {
  const s = await startWeb(email);
  return { start: s.res, browserCookie: s.browserCookie, callbackUrl: await signInAtProvider(s.authorizationUrl, login) };
}

function callBack(flow: Flow, browserCookie: string | null = flow.browserCookie) {
  const u = new URL(flow.callbackUrl);
  return t.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: browserCookie ? { cookie: `__Host-portal_sso=${browserCookie}` } : {},
  });
}

/** Where the callback sent the browser: the portal's `/#/?sso=<code>` or `/#/?sso_status=<reason>`. */
function landing(res: Res): { code?: string; status?: string } {
  expect(res.statusCode, res.body).toBe(303);
  const location = String(res.headers.location);
  expect(location.startsWith(`${PUBLIC_URL}/#/?`)).toBe(true);
  const q = new URLSearchParams(location.slice(location.indexOf('?') + 1));
  return { code: q.get('sso') ?? undefined, status: q.get('sso_status') ?? undefined };
}

function exchange(code: string, browserCookie: string | null, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sso/exchange',
    headers: browserCookie ? { cookie: `__Host-portal_sso=${browserCookie}` } : {},
    payload: { code, ...extra },
  });
}

async function signIn(email: string) {
  const flow = await upToCallback(email);
  const { code, status } = landing(await callBack(flow));
  expect(status).toBeUndefined();
  return { flow, res: await exchange(code!, flow.browserCookie) };
}

// ---------------------------------------------------------------- tests

describe('settings', () => {
  it('are checked against the discovery document and never answer the secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/settings', headers: bearer(w.boss.token) });
    expect(res.statusCode).toBe(200);
    const { settings } = json<{ settings: Record<string, unknown> }>(res);
    expect(settings).toMatchObject({ configured: true, issuer: idp.issuer, clientId: idp.clientId, hasSecret: true, redirectUri: `${PUBLIC_URL}/api/sso/callback` });
    expect(res.body).not.toContain(idp.clientSecret);
    const [stored] = await t.ctx.db.select().from(ssoConnections);
    expect(stored!.clientSecretEnc).not.toContain(idp.clientSecret);
    expect(t.ctx.secrets!.open(stored!.clientSecretEnc, w.acme)).toBe(idp.clientSecret);
  });

  it('refuse an issuer whose discovery document cannot be read, with a message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/sso/settings',
      headers: bearer(w.boss.token),
      payload: { issuer: `${idp.issuer}/nothing-here`, clientId: 'x', clientSecret: 'y', passwordsAllowed: true, autoApprove: false },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.sso.discoveryFailed(`${idp.issuer}/nothing-here`));
  });

  it('refuse an issuer whose discovery document names another, and say what to enter for a multi-tenant Entra address', async () => {
    // Microsoft's /common and /organizations documents name a templated issuer; another provider's
    // document may name a different one than typed.
    const named: Record<string, string> = {};
    const server = createServer((req, res) => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const tenant = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(req.url ?? '')?.[1];
      if (!tenant || !named[tenant]) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer: `${base}/${named[tenant]}/v2.0`, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, jwks_uri: `${base}/keys`, response_types_supported: ['code'] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      named.common = '{tenantid}';
      named.organizations = '{tenantid}';
      named.renamed = 'someone-else';
      const save = (issuer: string) =>
        t.app.inject({ method: 'PUT', url: '/api/sso/settings', headers: bearer(w.boss.token), payload: { issuer, clientId: 'x', clientSecret: 'y', passwordsAllowed: true, autoApprove: false } });
      for (const tenant of ['common', 'organizations']) {
        const res = await save(`${base}/${tenant}/v2.0`);
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ success: false, message: MESSAGES.sso.discoveryMultiTenant, errors: [{ field: 'issuer', message: MESSAGES.sso.discoveryMultiTenant }] });
      }
      const res = await save(`${base}/renamed/v2.0`);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MESSAGES.sso.discoveryMismatch);
      // Nothing was saved over the company's working connection.
      const [stored] = await t.ctx.db.select().from(ssoConnections);
      expect(stored!.issuer).toBe(idp.issuer);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('refuse a plain-http issuer that is not on this machine', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/sso/settings',
      headers: bearer(w.boss.token),
      payload: { issuer: 'http://login.example.com', clientId: 'x', clientSecret: 'y', passwordsAllowed: true, autoApprove: false },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.sso.issuerInvalid);
  });
});

describe('domains', () => {
  it('are verified only by their TXT record', async () => {
    const d = await addDomain(w.boss.token, 'acme-group.test');
    expect(d.txtRecord).toMatch(/^portal-verification=[0-9a-f]{32}$/);
    dns['acme-group.test'] = ['portal-verification=guessed'];
    const res = await t.app.inject({ method: 'POST', url: `/api/sso/domains/${d.id}/verify`, headers: bearer(w.boss.token) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.sso.txtMissing('acme-group.test', d.txtRecord));
  });

  it('belong to one company: a second company cannot verify one already verified, even with its record published', async () => {
    const globex = await makeCompany(t.ctx.db, 'Globex');
    const rival = await makeEmployer(t.ctx.db, globex, 'boss@globex.test');
    const d = await addDomain(rival.token, 'acme.test');
    dns['acme.test'] = [...(dns['acme.test'] ?? []), d.txtRecord];
    const res = await t.app.inject({ method: 'POST', url: `/api/sso/domains/${d.id}/verify`, headers: bearer(rival.token) });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(MESSAGES.sso.domainTaken);
    // The database itself holds the rule, whatever the code checks.
    await expect(t.ctx.db.update(ssoDomains).set({ verifiedAt: new Date() }).where(eq(ssoDomains.id, d.id))).rejects.toThrow();
  });

  it('and the provider: each change is in the audit log, by whom, for the company', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/sso/domains/${w.domainId}`, headers: bearer(w.boss.token) });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/sso/settings', headers: bearer(w.boss.token) })).statusCode).toBe(200);
    const log = await rows<{ action: string; actor_email: string; company_id: string; summary: string }>(
      t.ctx.db,
      sql`select action, actor_email, company_id, summary from audit_log where action like 'sso.%' order by created_at, action`,
    );
    expect(log.map((e) => e.action)).toEqual(['sso.providerSaved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved', 'sso.providerRemoved']);
    expect(new Set(log.map((e) => `${e.actor_email} ${e.company_id}`))).toEqual(new Set([`boss@acme.test ${w.acme}`]));
    expect(log[2]!.summary).toContain('acme.test');
  });

  it("of another company answer 404 as missing ones", async () => {
    const globex = await makeCompany(t.ctx.db, 'Globex');
    const rival = await makeEmployer(t.ctx.db, globex, 'boss@globex.test');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/sso/domains/${w.domainId}`, headers: bearer(rival.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('discovery on the login page', () => {
  it('answers the same for an unknown domain and a claimed, unverified one', async () => {
    await addDomain(w.boss.token, 'claimed.test');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=a@unknown.test' });
    const claimed = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=a@claimed.test' });
    expect(unknown.statusCode).toBe(200);
    expect(json(unknown)).toEqual(json(claimed));
    expect(json(unknown)).toMatchObject({ sso: false, passwordsAllowed: true });
    const known = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=someone@ACME.test' });
    expect(json(known)).toMatchObject({ sso: true, passwordsAllowed: true });
  });

  it('is rate limited per address', async () => {
    const limit = t.ctx.config.rateLimits.ssoPerAddress;
    t.ctx.config.rateLimits.ssoPerAddress = 2;
    try {
      for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=a@x.test' })).statusCode).toBe(200);
      const over = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=a@x.test' });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    } finally {
      t.ctx.config.rateLimits.ssoPerAddress = limit;
    }
  });

  it('a start for an address without single sign-on is refused', async () => {
    await addDomain(w.boss.token, 'claimed.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/start?email=a@claimed.test' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.sso.notSetUp);
  });
});

describe('sign-in', () => {
  it("signs in the company's listed administrator through the provider, as the portal's own session", async () => {
    const { res } = await signIn('boss@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ id: string; role: string; token: string; employerId: string }>(res);
    expect(answer).toMatchObject({ id: w.boss.id, role: 'Employer', employerId: w.acme });
    // The session cookie is the portal's: HttpOnly, Secure, SameSite=Strict.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/__Host-portal_session=[^;]+;.*HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(answer.token) });
    expect(me.statusCode).toBe(200);
    // Linked by (issuer, subject) from now on.
    const [link] = await rows<{ issuer: string; subject: string }>(t.ctx.db, sql`select issuer, subject from sso_identities where user_id = ${w.boss.id}`);
    expect(link).toEqual({ issuer: idp.issuer, subject: 'boss@acme.test' });
  });

  it('makes a first-time employee of a verified domain a pending join request', async () => {
    const flow = await upToCallback('new.hire@acme.test');
    expect(landing(await callBack(flow))).toEqual({ status: 'pending' });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.email, 'new.hire@acme.test'));
    expect(u).toMatchObject({ role: 'Employee', companyId: w.acme, isApproved: false, isActive: false, firstName: 'Nia', lastName: 'Newhire' });
    const pending = await t.app.inject({ method: 'GET', url: '/api/employees/pending', headers: bearer(w.boss.token) });
    expect(pending.body).toContain('new.hire@acme.test');
  });

  it('approves such an employee at once when the company chose so', async () => {
    await configure({ autoApprove: true });
    const flow = await upToCallback('new.hire@acme.test');
    // An employee's session is the mobile app's; the portal's page says where to go.
    expect(landing(await callBack(flow))).toEqual({ status: 'employee' });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.email, 'new.hire@acme.test'));
    expect(u).toMatchObject({ isApproved: true, isActive: true });
  });

  it('refuses an address the provider has not verified', async () => {
    const flow = await upToCallback('unverified@acme.test');
    expect(landing(await callBack(flow))).toEqual({ status: 'not-allowed' });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'unverified@acme.test'))).toHaveLength(0);
  });

  it('refuses an address at a domain the company has not proven', async () => {
    // The provider vouches for someone@elsewhere.test; acme never proved elsewhere.test.
    const flow = await upToCallback('boss@acme.test', 'outsider@acme.test');
    expect(landing(await callBack(flow))).toEqual({ status: 'not-allowed' });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'someone@elsewhere.test'))).toHaveLength(0);
  });

  it('identifies a linked user by (issuer, subject), not by the address the provider sends later', async () => {
    await signIn('boss@acme.test');
    // The provider now sends the boss's subject with another address: still the boss.
    idp.accounts.set('boss@acme.test', { login: 'boss@acme.test', email: 'renamed@acme.test' });
    try {
      const { res } = await signIn('boss@acme.test');
      expect(json(res).id).toBe(w.boss.id);
    } finally {
      idp.accounts.set('boss@acme.test', { login: 'boss@acme.test', email: 'boss@acme.test', givenName: 'Bea', familyName: 'Boss' });
    }
    // And another subject with the boss's address does not reach the boss's account.
    const flow = await upToCallback('boss@acme.test', 'impostor');
    expect(landing(await callBack(flow))).toEqual({ status: 'not-allowed' });
  });

  it('refuses a deactivated account', async () => {
    await signIn('boss@acme.test');
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, w.boss.id));
    const flow = await upToCallback('boss@acme.test');
    expect(landing(await callBack(flow))).toEqual({ status: 'disabled' });
  });
});

describe('the office claim', () => {
  async function office(addressLine1: string, town: string): Promise<string> {
    const [l] = await t.ctx.db.insert(locations).values({ companyId: w.acme, addressLine1, town, postalCode: 'LS1 5HD' }).returning();
    return l!.id;
  }
  /** The provider's ID token with `extra` claims, signed with its own key (a custom claim as an employer adds one). */
  function withClaims(extra: Record<string, unknown>) {
    idp.tamper = async (idToken, { privateJwk }) =>
      new SignJWT({ ...decodeJwt(idToken), ...extra }).setProtectedHeader({ alg: 'RS256', kid: String(privateJwk.kid) }).sign(await importJWK(privateJwk, 'RS256'));
  }
  const officeOf = async (email: string) => (await rows<{ office_id: string | null }>(t.ctx.db, sql`select office_id from users where email = ${email}`))[0]?.office_id;
  async function employeeSignsIn(extra: Record<string, unknown>) {
    withClaims(extra);
    try {
      expect(landing(await callBack(await upToCallback('new.hire@acme.test')))).toEqual({ status: 'employee' });
    } finally {
      idp.tamper = null;
    }
  }

  it('is a setting: answered, kept when a save leaves it out, cleared by an empty value, refused with spaces', async () => {
    const get = async () => json<{ settings: { officeClaim: string | null } }>(await t.app.inject({ method: 'GET', url: '/api/sso/settings', headers: bearer(w.boss.token) })).settings;
    expect((await get()).officeClaim).toBeNull();
    await configure({ officeClaim: ' office ' });
    expect((await get()).officeClaim).toBe('office');
    await configure();
    expect((await get()).officeClaim).toBe('office');
    await configure({ officeClaim: '' });
    expect((await get()).officeClaim).toBeNull();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/sso/settings',
      headers: bearer(w.boss.token),
      payload: { issuer: idp.issuer, clientId: idp.clientId, passwordsAllowed: true, autoApprove: false, officeClaim: 'my office' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MESSAGES.sso.officeClaimInvalid);
  });

  it("sets the employee's office when they join and at each sign-in, and audits each change", async () => {
    const leeds = await office('1 Park Row', 'Leeds');
    const york = await office('2 Station Rise', 'York');
    await configure({ autoApprove: true, officeClaim: 'physicalDeliveryOfficeName' });
    await employeeSignsIn({ physicalDeliveryOfficeName: ' 1 park row, LEEDS ' });
    expect(await officeOf('new.hire@acme.test')).toBe(leeds);
    await employeeSignsIn({ physicalDeliveryOfficeName: '2 Station Rise' });
    expect(await officeOf('new.hire@acme.test')).toBe(york);
    // An absent claim, a name that is no office, or not a name: the office stays, the sign-in goes on.
    await employeeSignsIn({});
    await employeeSignsIn({ physicalDeliveryOfficeName: 'Head Office' });
    await employeeSignsIn({ physicalDeliveryOfficeName: ['York'] });
    expect(await officeOf('new.hire@acme.test')).toBe(york);
    // An empty value: No office.
    await employeeSignsIn({ physicalDeliveryOfficeName: '' });
    expect(await officeOf('new.hire@acme.test')).toBeNull();

    const audit = await rows<{ actor_name: string; summary: string }>(
      t.ctx.db,
      sql`select actor_name, summary from audit_log where action = 'employee.officeChanged' order by created_at, id`,
    );
    expect(audit.map((a) => a.summary)).toEqual([
      expect.stringContaining('1 Park Row, Leeds'),
      expect.stringContaining('2 Station Rise, York'),
      expect.stringContaining(MESSAGES.insights.noOffice),
    ]);
    expect(new Set(audit.map((a) => a.actor_name))).toEqual(new Set(['Nia Newhire']));
  });

  it("sets a join request's office too, and never an administrator's", async () => {
    const leeds = await office('1 Park Row', 'Leeds');
    await configure({ officeClaim: 'office' });
    withClaims({ office: '1 Park Row, Leeds' });
    try {
      expect(landing(await callBack(await upToCallback('new.hire@acme.test')))).toEqual({ status: 'pending' });
      const { code } = landing(await callBack(await upToCallback('boss@acme.test')));
      expect(code).toBeDefined();
    } finally {
      idp.tamper = null;
    }
    expect(await officeOf('new.hire@acme.test')).toBe(leeds);
    expect(await officeOf('boss@acme.test')).toBeNull();
  });
});

describe('the callback refuses', () => {
  async function refusedWith(tamper: (claims: JWTPayload) => JWTPayload, key?: 'other') {
    const forger = key === 'other' ? (await generateKeyPair('RS256', { extractable: true })).privateKey : undefined;
    idp.tamper = async (idToken, { privateJwk }) => {
      const claims = tamper(decodeJwt(idToken));
      const signingKey = forger ?? (await importJWK(privateJwk, 'RS256'));
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: String(privateJwk.kid) }).sign(signingKey);
    };
    const before = await rows(t.ctx.db, sql`select 1 from sessions where user_id = ${w.boss.id}`);
    const flow = await upToCallback('boss@acme.test');
    const res = await callBack(flow);
    idp.tamper = null;
    expect(landing(res)).toEqual({ status: 'failed' });
    expect(await rows(t.ctx.db, sql`select 1 from sessions where user_id = ${w.boss.id}`)).toHaveLength(before.length);
    // Nothing can be exchanged: no code was made.
    expect(await rows(t.ctx.db, sql`select 1 from sso_logins where code_hash is not null`)).toHaveLength(0);
  }

  it('an ID token re-signed as the provider would (the control: accepted)', async () => {
    idp.tamper = async (idToken, { privateJwk }) =>
      new SignJWT(decodeJwt(idToken)).setProtectedHeader({ alg: 'RS256', kid: String(privateJwk.kid) }).sign(await importJWK(privateJwk, 'RS256'));
    const flow = await upToCallback('boss@acme.test');
    const { code } = landing(await callBack(flow));
    expect((await exchange(code!, flow.browserCookie)).statusCode).toBe(200);
  });

  it('a forged ID token (signed with another key)', () => refusedWith((c) => c, 'other'));
  it('an expired ID token', () => refusedWith((c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })));
  it('a wrong audience', () => refusedWith((c) => ({ ...c, aud: 'another-client' })));
  it('a wrong issuer', () => refusedWith((c) => ({ ...c, iss: 'http://127.0.0.1:1' })));
  it('a wrong nonce', () => refusedWith((c) => ({ ...c, nonce: 'not-ours' })));

  it('a wrong state', async () => {
    const flow = await upToCallback('boss@acme.test');
    const u = new URL(flow.callbackUrl);
    u.searchParams.set('state', randomBytes(16).toString('base64url'));
    expect(landing(await callBack({ ...flow, callbackUrl: u.href }))).toEqual({ status: 'expired' });
  });

  it('a callback in another browser than the one that started (no binding cookie)', async () => {
    const flow = await upToCallback('boss@acme.test');
    expect(landing(await callBack(flow, null))).toEqual({ status: 'failed' });
  });

  it('a replayed callback (the code and state used once already)', async () => {
    const flow = await upToCallback('boss@acme.test');
    expect(landing(await callBack(flow)).code).toBeDefined();
    expect(landing(await callBack(flow))).toEqual({ status: 'expired' });
  });

  it('a replayed one-time code, and one from another browser', async () => {
    const flow = await upToCallback('boss@acme.test');
    const { code } = landing(await callBack(flow));
    expect((await exchange(code!, 'another-browser')).statusCode).toBe(400);
    // Spent by that attempt: not usable from the right browser either.
    const again = await exchange(code!, flow.browserCookie);
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(MESSAGES.sso.expired);
  });
});

describe('passwords and logout', () => {
  it("refuses a password login of an SSO-only company's administrator, with a message", async () => {
    await configure({ passwordsAllowed: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'boss@acme.test', password: 'Boss-pass1' } });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MESSAGES.sso.passwordRefused);
    // A wrong password still says only that.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'boss@acme.test', password: 'wrong-pass' } });
    expect(json(wrong).message).toBe(MESSAGES.login.failed);
  });

  it("answers the provider's end-session URL on logout (RP-initiated logout) and ends the portal's session", async () => {
    const { res } = await signIn('boss@acme.test');
    const token = json<{ token: string }>(res).token;
    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const url = new URL(json<{ endSessionUrl: string }>(out).endSessionUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a password session answers no end-session URL', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'boss@acme.test', password: 'Boss-pass1' } });
    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: bearer(json<{ token: string }>(login).token) });
    expect(json(out).endSessionUrl).toBeUndefined();
  });
});

describe("the provider's back-channel logout", () => {
  const EVENT = { 'http://schemas.openid.net/event/backchannel-logout': {} };

  /** A logout token as the provider signs one (or with another key), for the session `sid` of `sub`. */
  async function logoutToken(claims: JWTPayload, key?: 'other') {
    const signingKey = key === 'other' ? (await generateKeyPair('RS256')).privateKey : await importJWK(idp.privateJwk, 'RS256');
    return new SignJWT({ iss: idp.issuer, aud: idp.clientId, iat: Math.floor(Date.now() / 1000), jti: randomBytes(8).toString('hex'), events: EVENT, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: String(idp.privateJwk.kid), typ: 'logout+jwt' })
      .sign(signingKey);
  }

  /** The boss signed in through the provider: the session's bearer token and the provider's `sid`. */
  async function providerSession() {
    const { res } = await signIn('boss@acme.test');
    const token = json<{ token: string }>(res).token;
    const [row] = await rows<{ sso_sid: string | null }>(t.ctx.db, sql`select sso_sid from sessions where user_id = ${w.boss.id} and sso_sid is not null`);
    expect(row?.sso_sid).toBeTruthy();
    return { token, sid: row!.sso_sid! };
  }

  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sso/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logout_token: token }).toString(),
    });
  const signedIn = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode;

  it('ends the session the logout token names by its sid (posted form-encoded, as providers do)', async () => {
    const { token, sid } = await providerSession();
    const password = json<{ token: string }>(await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'boss@acme.test', password: 'Boss-pass1' } })).token;
    const res = await post(await logoutToken({ sid }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await signedIn(token)).toBe(401);
    // A password session of the same user was not the provider's to end.
    expect(await signedIn(password)).toBe(200);
  });

  it("ends every session of the provider's user named by sub that came from the provider", async () => {
    const { token } = await providerSession();
    const password = json<{ token: string }>(await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'boss@acme.test', password: 'Boss-pass1' } })).token;
    expect((await post(await logoutToken({ sub: 'boss@acme.test' }))).statusCode).toBe(200);
    expect(await signedIn(token)).toBe(401);
    expect(await signedIn(password)).toBe(200);
  });

  for (const [name, claims, key] of [
    ['signed with another key', {}, 'other'],
    ['for another client', { aud: 'another-client' }],
    ['of another issuer', { iss: 'http://127.0.0.1:1' }],
    ['too old', { iat: Math.floor(Date.now() / 1000) - 3600 }],
    ['without the back-channel event', { events: {} }],
    ['carrying a nonce (an ID token, not a logout token)', { nonce: 'n' }],
  ] as const) {
    it(`refuses a logout token ${name}, and the session stays`, async () => {
      const { token, sid } = await providerSession();
      const res = await post(await logoutToken({ sid, ...claims }, key as 'other' | undefined));
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).message).toBe(MESSAGES.sso.logoutTokenInvalid);
      expect(await signedIn(token)).toBe(200);
    });
  }

  it('refuses what is not a JWT, and a form body on any other endpoint', async () => {
    expect((await post('not-a-jwt')).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=boss%40acme.test&password=Boss-pass1',
    });
    expect(login.statusCode).toBe(415);
  });
});

describe('the mobile app', () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const app = 'commuteapp://sso-callback';

  async function mobileCallback() {
    await configure({ autoApprove: true });
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/sso/start?email=new.hire@acme.test&client=mobile&redirect_uri=${encodeURIComponent(app)}&code_challenge=${challenge}`,
    });
    expect(start.statusCode, start.body).toBe(200);
    const callbackUrl = await signInAtProvider(json<{ authorizationUrl: string }>(start).authorizationUrl, 'new.hire@acme.test');
    const res = await callBack({ start, browserCookie: '', callbackUrl }, null);
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(`${location.protocol}//${location.host}${location.pathname}`).toBe(app);
    return location.searchParams.get('code')!;
  }

  it('opens the authorization URL, comes back to its scheme and trades the code with its PKCE verifier for a bearer token', async () => {
    const code = await mobileCallback();
    const res = await exchange(code, null, { codeVerifier: verifier });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ token: string; role: string }>(res);
    expect(answer.role).toBe('Employee');
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(answer.token) })).statusCode).toBe(200);
  });

  it('refuses the code without the verifier of the app that started', async () => {
    const code = await mobileCallback();
    expect((await exchange(code, null, { codeVerifier: randomBytes(32).toString('base64url') })).statusCode).toBe(400);
  });

  it('refuses a redirect URI the server does not allow', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sso/start?email=boss@acme.test&client=mobile&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&code_challenge=${challenge}`,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.sso.redirectUriInvalid);
  });
});
