import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, ROUTES, SESSION_COOKIE, loginAnswerSchema, sessionUserSchema } from '@portal/shared-contracts';
import { authEvents, companies, passwordResetTokens, sessions, users } from '../../db/schema';
import { readOutbox } from '../../mail/mailer';
import { bearer, browser, json, loginAs, registerEmployer, sessionCookie, useTestApp, type Res } from '../../test/test-support';
import { TEST_SUPERADMIN } from '../../test/testing';
import { SESSION_TIMEOUTS } from '../../lib/sessions';

const t = useTestApp();
beforeEach(async () => {
  await t.reset();
});

const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...extra });

function expectError(res: Res, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(json(res)).toMatchObject({ success: false, message });
}

async function resetLinkFor(email: string) {
  await t.ctx.mailer.flush();
  const [mail] = await readOutbox(t.ctx.db, { to: email, kind: 'password-reset' });
  return mail;
}

describe('register', () => {
  it('creates an employer at sign-up state 0, answers like login and signs in with a session cookie', async () => {
    const res = await post('/api/accounts/register', { email: 'Erin@Example.com', password: 'Passw0rd!', userName: ' Erin ', role: 'Employer' });
    expect(res.statusCode).toBe(201);
    const body = loginAnswerSchema.parse(json(res));
    expect(body).toMatchObject({ success: true, message: MESSAGES.signup.success, role: 'Employer', signUpState: 0, userSignUpState: 0, name: 'Erin', employerId: null });
    expect(body.employerUserId).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ name: SESSION_COOKIE, value: body.token, path: '/', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(cookie.maxAge).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(body.token) });
    expect(json(me)).toMatchObject({ success: true, user: { id: body.id, email: 'Erin@Example.com', role: 'Employer', signUpState: 0 } });
  });

  it('stores the password as argon2id with m=19 MiB, t=2, p=1 and the token only hashed', async () => {
    const { id, token } = await registerEmployer(t.app, 'hash@example.com');
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ email: 'not-an-email', password: 'x', userName: 'A' }, MESSAGES.signup.emailInvalid],
    [{ email: `${'a'.repeat(250)}@x.com`, password: 'x', userName: 'A' }, MESSAGES.signup.emailMax],
    [{ email: 'a@b.co', password: '', userName: 'A' }, MESSAGES.signup.passwordRequired],
    [{ email: 'a@b.co', password: 'x'.repeat(LIMITS.signup.passwordMax + 1), userName: 'A' }, MESSAGES.signup.passwordMax],
    [{ email: 'a@b.co', password: 'Passw0rd!', userName: '' }, MESSAGES.signup.nameRequired],
    [{ email: 'a@b.co', password: 'Passw0rd!', userName: 'n'.repeat(31) }, MESSAGES.signup.nameMax],
    [{ email: 'a@b.co', userName: 'A' }, MESSAGES.signup.passwordRequired],
  ])('rejects %j with the contract message', async (payload, message) => {
    const res = await post('/api/accounts/register', payload);
    expectError(res, 400, message);
    expect(json<{ errors: { message: string }[] }>(res).errors.map((e) => e.message)).toContain(message);
  });

  it('does not set a role other than Employer', async () => {
    const res = await post('/api/accounts/register', { email: 'x@example.com', password: 'Passw0rd!', userName: 'X', role: 'SuperAdmin' });
    expect(res.statusCode).toBe(400);
  });

  it('answers a taken email (any case) exactly as a new one, signs nobody in, and tells the owner by mail once a day', async () => {
    await registerEmployer(t.app, 'owner@example.com');
    const fresh = await post('/api/accounts/register', { email: 'new@example.com', password: 'Other-pass1', userName: 'Mallory' });
    const taken = await post('/api/accounts/register', { email: 'OWNER@example.com', password: 'Other-pass1', userName: 'Mallory' });
    // Same status, same fields, same message, a cookie either way: the answer does not tell them apart.
    expect(taken.statusCode).toBe(fresh.statusCode);
    const [a, b] = [loginAnswerSchema.parse(json(fresh)), loginAnswerSchema.parse(json(taken))];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b).toMatchObject({ success: true, message: MESSAGES.signup.success, role: 'Employer', signUpState: 0, userSignUpState: 0, email: 'OWNER@example.com', name: 'Mallory', employerId: null });
    expect(sessionCookie(taken)).toMatchObject({ name: SESSION_COOKIE, value: b.token, httpOnly: true });
    // The token opens nothing: its first use ends like an ended session.
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(b.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(a.token) })).statusCode).toBe(200);
    // Another attempt the same day is answered the same, without a second mail to the owner.
    expect((await post('/api/accounts/register', { email: 'owner@example.com', password: 'Third-pass1', userName: 'M' })).statusCode).toBe(201);
    await t.ctx.mailer.flush();
    const mails = await readOutbox(t.ctx.db, { to: 'owner@example.com' });
    expect(mails.map((m) => m.kind)).toEqual(['registration-existing']);
    const count = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(sql`lower(${users.email})`, 'owner@example.com'));
    expect(count[0]!.n).toBe(1);
  });
});

describe('login', () => {
  it('answers token, id, role, both sign-up states, email, name, employerId and employerUserId', async () => {
    const reg = await registerEmployer(t.app, 'lee@example.com', 'Passw0rd!', 'Lee');
    const res = await loginAs(t.app, 'LEE@example.com', 'Passw0rd!');
    expect(res.statusCode).toBe(200);
    const body = loginAnswerSchema.parse(json(res));
    expect(body).toMatchObject({
      message: MESSAGES.login.success,
      id: reg.id,
      role: 'Employer',
      signUpState: 0,
      userSignUpState: 0,
      email: 'lee@example.com',
      name: 'Lee',
      employerId: null,
      employerUserId: reg.employerUserId,
    });
    expect(body.token).not.toBe(reg.token);
    expect(body.token.length).toBeGreaterThanOrEqual(22);
  });

  it('signs the super admin in', async () => {
    const res = await loginAs(t.app, TEST_SUPERADMIN.email, TEST_SUPERADMIN.password);
    expect(json(res)).toMatchObject({ role: 'SuperAdmin', employerId: null, employerUserId: null });
  });

  it('sets a persistent cookie with remember me and a browser-session cookie without', async () => {
    await registerEmployer(t.app, 'rm@example.com');
    const remembered = await post('/api/accounts/login', { email: 'rm@example.com', password: 'Passw0rd!', rememberMe: true });
    expect(sessionCookie(remembered)!.maxAge).toBe(SESSION_TIMEOUTS.rememberAbsoluteMs / 1000);
    const notRemembered = await post('/api/accounts/login', { email: 'rm@example.com', password: 'Passw0rd!', rememberMe: false });
    const c = sessionCookie(notRemembered)!;
    expect(c.maxAge).toBeUndefined();
    expect(c.expires).toBeUndefined();
    expect(notRemembered.headers['set-cookie']).toMatch(/^__Host-portal_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('gives the same answer for an unknown email and a wrong password, and logs both without the password', async () => {
    await registerEmployer(t.app, 'known@example.com');
    const unknown = await loginAs(t.app, 'nobody@example.com', 'Whatever1');
    const wrong = await loginAs(t.app, 'known@example.com', 'Whatever1');
    expectError(unknown, 400, MESSAGES.login.failed);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    const events = await t.ctx.db.select().from(authEvents).where(eq(authEvents.kind, 'login.failure'));
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('Whatever1');
  });

  it.each([
    [{ email: '', password: 'x' }, MESSAGES.login.emailRequired],
    [{ password: 'x' }, MESSAGES.login.emailRequired],
    [{ email: 'nope', password: 'x' }, MESSAGES.login.emailInvalid],
    [{ email: 'a@b.co', password: '' }, MESSAGES.login.passwordRequired],
    [{ email: 'a@b.co' }, MESSAGES.login.passwordRequired],
  ])('rejects %j with the contract message', async (payload, message) => {
    expectError(await post('/api/accounts/login', payload), 400, message);
  });

  it('refuses a deactivated user with the generic failure and a deactivated company with its own message', async () => {
    const a = await registerEmployer(t.app, 'off@example.com');
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, a.id));
    expectError(await loginAs(t.app, 'off@example.com', 'Passw0rd!'), 400, MESSAGES.login.failed);

    const b = await registerEmployer(t.app, 'co@example.com');
    const [co] = await t.ctx.db.insert(companies).values({ name: 'Gone Ltd', email: 'g@g.com', phoneNumber: '07700900000', isActive: false }).returning();
    await t.ctx.db.update(users).set({ companyId: co!.id }).where(eq(users.id, b.id));
    expectError(await loginAs(t.app, 'co@example.com', 'Passw0rd!'), 403, MESSAGES.login.companyDeactivated);
  });
});

describe('sessions', () => {
  it('answers me by bearer token or by cookie, and 401 without a valid session', async () => {
    const { token, id } = await registerEmployer(t.app, 'me@example.com');
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/accounts/me', ...browser(token, false) });
    expect(sessionUserSchema.parse(json<{ user: unknown }>(viaCookie).user).id).toBe(id);
    expectError(await t.app.inject({ method: 'GET', url: '/api/accounts/me' }), 401, MESSAGES.common.unauthorized);
    expectError(await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer('forged-token') }), 401, MESSAGES.common.unauthorized);
  });

  it('gives every login a new token', async () => {
    await registerEmployer(t.app, 'two@example.com');
    const a = json<{ token: string }>(await loginAs(t.app, 'two@example.com', 'Passw0rd!')).token;
    const b = json<{ token: string }>(await loginAs(t.app, 'two@example.com', 'Passw0rd!')).token;
    expect(a).not.toBe(b);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const { token } = await registerEmployer(t.app, 'out@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', ...browser(token) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.session.loggedOut });
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout without a session still answers success', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/logout' })).statusCode).toBe(200);
  });

  it('answers 401 once the session passed its absolute or idle end', async () => {
    const { token, id } = await registerEmployer(t.app, 'late@example.com');
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, id));
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(401);

    const second = json<{ token: string }>(await loginAs(t.app, 'late@example.com', 'Passw0rd!')).token;
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_TIMEOUTS.idleMs - 1000) })
      .where(eq(sessions.userId, id));
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(second) })).statusCode).toBe(401);
  });

  it('answers 401 at once when the user or the company is deactivated', async () => {
    const { token, id } = await registerEmployer(t.app, 'gone@example.com');
    const [co] = await t.ctx.db.insert(companies).values({ name: 'Acme', email: 'a@acme.com', phoneNumber: '07700900000' }).returning();
    await t.ctx.db.update(users).set({ companyId: co!.id }).where(eq(users.id, id));
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(200);
    await t.ctx.db.update(companies).set({ isActive: false }).where(eq(companies.id, co!.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(401);
    await t.ctx.db.update(companies).set({ isActive: true }).where(eq(companies.id, co!.id));
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated state change without the CSRF header, but not a bearer one', async () => {
    const { token } = await registerEmployer(t.app, 'csrf@example.com');
    const payload = { currentPassword: 'wrong-one', newPassword: 'New-passw0rd' };
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/accounts/change-password', payload, ...browser(token, false) });
    expectError(noHeader, 403, MESSAGES.common.csrf);
    const withHeader = await t.app.inject({ method: 'POST', url: '/api/accounts/change-password', payload, ...browser(token) });
    expectError(withHeader, 400, MESSAGES.changePassword.wrongCurrent);
    const viaBearer = await t.app.inject({ method: 'POST', url: '/api/accounts/change-password', payload, headers: bearer(token) });
    expectError(viaBearer, 400, MESSAGES.changePassword.wrongCurrent);
    expectError(await t.app.inject({ method: 'POST', url: '/api/accounts/logout', ...browser(token, false) }), 403, MESSAGES.common.csrf);
  });
});

describe('change password', () => {
  it('checks the current password and the new one against the contract', async () => {
    const { token } = await registerEmployer(t.app, 'cp@example.com');
    const call = (payload: object) => t.app.inject({ method: 'POST', url: '/api/accounts/change-password', payload, headers: bearer(token) });
    expectError(await call({ currentPassword: 'nope', newPassword: 'Long-enough1' }), 400, MESSAGES.changePassword.wrongCurrent);
    expectError(await call({ currentPassword: 'Passw0rd!', newPassword: 'short' }), 400, MESSAGES.changePassword.newMin);
    expectError(await call({ currentPassword: 'Passw0rd!', newPassword: 'x'.repeat(101) }), 400, MESSAGES.changePassword.newMax);
    expectError(await call({ currentPassword: '', newPassword: 'Long-enough1' }), 400, MESSAGES.changePassword.currentRequired);
    expectError(await call({ currentPassword: 'Passw0rd!', newPassword: '' }), 400, MESSAGES.changePassword.newRequired);
  });

  it('ends every session of the user, the current one included', async () => {
    const { token } = await registerEmployer(t.app, 'all@example.com');
    const other = json<{ token: string }>(await loginAs(t.app, 'all@example.com', 'Passw0rd!')).token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/change-password',
      payload: { currentPassword: 'Passw0rd!', newPassword: 'A-much-longer-passphrase-than-twenty' },
      ...browser(token),
    });
    expect(json(res)).toEqual({ success: true, message: MESSAGES.changePassword.success });
    expect(sessionCookie(res)!.value).toBe('');
    for (const tok of [token, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(tok) })).statusCode).toBe(401);
    }
    expectError(await loginAs(t.app, 'all@example.com', 'Passw0rd!'), 400, MESSAGES.login.failed);
    expect((await loginAs(t.app, 'all@example.com', 'A-much-longer-passphrase-than-twenty')).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown email and mails a link built from PUBLIC_URL only', async () => {
    await registerEmployer(t.app, 'fp@example.com');
    const evil = { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } };
    const known = await post('/api/accounts/forgot-password', { email: 'FP@example.com', callbackUrl: 'https://evil.example/#/reset' }, evil);
    const unknown = await post('/api/accounts/forgot-password', { email: 'ghost@example.com' }, evil);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({ success: true, message: MESSAGES.forgot.success });
    const mail = await resetLinkFor('fp@example.com');
    expect(mail!.link).toMatch(new RegExp(`^https://portal\\.test/#${ROUTES.resetPassword}\\?email=fp%40example\\.com&token=[A-Za-z0-9_-]{43}$`));
    expect(mail!.text).toContain(mail!.link!);
    expect(await readOutbox(t.ctx.db, { to: 'ghost@example.com' })).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(passwordResetTokens);
    expect(mail!.link).not.toContain(row!.tokenHash);
  });

  it('resets once with the mailed token, ends the sessions and refuses the token afterwards', async () => {
    const { token: sessionToken } = await registerEmployer(t.app, 'rs@example.com');
    await post('/api/accounts/forgot-password', { email: 'rs@example.com' });
    const link = new URL((await resetLinkFor('rs@example.com'))!.link!.replace('/#/', '/'));
    const email = link.searchParams.get('email')!;
    const token = link.searchParams.get('token')!;

    expectError(await post('/api/accounts/reset-password', { email: 'other@example.com', token, newPassword: 'Brand-new-1' }), 400, MESSAGES.reset.invalidToken);
    const ok = await post('/api/accounts/reset-password', { email, token, newPassword: 'Brand-new-1' });
    expect(json(ok)).toEqual({ success: true, message: MESSAGES.reset.success });
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(sessionToken) })).statusCode).toBe(401);
    expect((await loginAs(t.app, email, 'Brand-new-1')).statusCode).toBe(200);
    expectError(await post('/api/accounts/reset-password', { email, token, newPassword: 'Again-new-2' }), 400, MESSAGES.reset.invalidToken);
  });

  it('refuses an expired token and a newer request replaces the older link', async () => {
    await registerEmployer(t.app, 'ex@example.com');
    await post('/api/accounts/forgot-password', { email: 'ex@example.com' });
    const first = new URL((await resetLinkFor('ex@example.com'))!.link!.replace('/#/', '/')).searchParams.get('token')!;
    await post('/api/accounts/forgot-password', { email: 'ex@example.com' });
    const second = new URL((await resetLinkFor('ex@example.com'))!.link!.replace('/#/', '/')).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expectError(await post('/api/accounts/reset-password', { email: 'ex@example.com', token: first, newPassword: 'Brand-new-1' }), 400, MESSAGES.reset.invalidToken);
    await t.ctx.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expectError(await post('/api/accounts/reset-password', { email: 'ex@example.com', token: second, newPassword: 'Brand-new-1' }), 400, MESSAGES.reset.invalidToken);
  });

  it.each([
    [{ email: 'a@b.co', newPassword: 'Brand-new-1' }, MESSAGES.reset.emailTokenRequired],
    [{ email: '', token: 'x', newPassword: 'Brand-new-1' }, MESSAGES.reset.emailTokenRequired],
    [{ email: 'a@b.co', token: 'x', newPassword: '' }, MESSAGES.reset.newRequired],
    [{ email: 'a@b.co', token: 'x', newPassword: 'x'.repeat(21) }, MESSAGES.reset.newMax],
  ])('rejects %j with the contract message', async (payload, message) => {
    expectError(await post('/api/accounts/reset-password', payload), 400, message);
  });

  it('rejects a malformed email on forgot-password with the contract message', async () => {
    expectError(await post('/api/accounts/forgot-password', { email: 'nope' }), 400, MESSAGES.forgot.emailInvalid);
  });
});

describe('rate limits', () => {
  const limits = () => t.ctx.config.rateLimits;
  let saved: typeof t.ctx.config.rateLimits;
  beforeEach(() => {
    saved = { ...limits() };
  });
  const restore = () => Object.assign(limits(), saved);

  it('answers 429 after repeated failed logins for one account from one address, without locking the owner out elsewhere', async () => {
    Object.assign(limits(), { loginPerAccountAddress: 3, loginPerAccountSoft: 100 });
    try {
      await registerEmployer(t.app, 'victim@example.com');
      const attacker = { remoteAddress: '203.0.113.7' };
      for (let i = 0; i < 3; i++) expectError(await loginAs(t.app, 'victim@example.com', 'guess-' + i, attacker), 400, MESSAGES.login.failed);
      const blocked = await loginAs(t.app, 'victim@example.com', 'Passw0rd!', attacker);
      expectError(blocked, 429, MESSAGES.common.tooManyRequests);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const owner = await loginAs(t.app, 'victim@example.com', 'Passw0rd!', { remoteAddress: '198.51.100.20' });
      expect(owner.statusCode).toBe(200);
    } finally {
      restore();
    }
  });

  it('limits login attempts per address', async () => {
    Object.assign(limits(), { loginPerAddress: 2 });
    try {
      const from = { remoteAddress: '203.0.113.8' };
      await loginAs(t.app, 'a@example.com', 'x', from);
      await loginAs(t.app, 'b@example.com', 'x', from);
      expectError(await loginAs(t.app, 'c@example.com', 'x', from), 429, MESSAGES.common.tooManyRequests);
    } finally {
      restore();
    }
  });

  it('slows down failures for one account from many addresses instead of refusing them', async () => {
    Object.assign(limits(), { loginPerAccountSoft: 1, delayStepMs: 200, maxDelayMs: 400 });
    try {
      await loginAs(t.app, 'slow@example.com', 'x', { remoteAddress: '203.0.113.1' });
      const started = Date.now();
      const res = await loginAs(t.app, 'slow@example.com', 'x', { remoteAddress: '203.0.113.2' });
      expect(res.statusCode).toBe(400);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      restore();
    }
  });

  it('limits forgot-password per account the same way for known and unknown emails', async () => {
    Object.assign(limits(), { forgotPerAccount: 2 });
    try {
      await registerEmployer(t.app, 'many@example.com');
      for (const email of ['many@example.com', 'nobody@example.com']) {
        for (let i = 0; i < 2; i++) expect((await post('/api/accounts/forgot-password', { email })).statusCode).toBe(200);
        expectError(await post('/api/accounts/forgot-password', { email }), 429, MESSAGES.common.tooManyRequests);
      }
    } finally {
      restore();
    }
  });

  it('limits registrations per address', async () => {
    Object.assign(limits(), { registerPerAddress: 1 });
    try {
      const from = { remoteAddress: '203.0.113.9' };
      expect((await post('/api/accounts/register', { email: 'r1@example.com', password: 'Passw0rd!', userName: 'R' }, from)).statusCode).toBe(201);
      expectError(await post('/api/accounts/register', { email: 'r2@example.com', password: 'Passw0rd!', userName: 'R' }, from), 429, MESSAGES.common.tooManyRequests);
    } finally {
      restore();
    }
  });
});
