import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { companies, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { readOutbox } from '../../mail/mailer';
import { bearer, employerOf, json, loginAs, registerEmployer, superAdminToken, useTestApp, type Res } from '../../test/test-support';

const t = useTestApp();
beforeEach(async () => {
  await t.reset();
});

const SEVEN = 'Abcdef1';
const EIGHT = 'Abcdef12';

const post = (url: string, payload: object, extra: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, payload, ...extra });

function expectError(res: Res, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ success: false, message });
}

describe('every new password has at least 8 characters', () => {
  it('registration', async () => {
    expectError(await post('/api/accounts/register', { email: 'short@example.com', password: SEVEN, userName: 'S' }), 400, MESSAGES.signup.passwordMin);
    expect((await post('/api/accounts/register', { email: 'long@example.com', password: EIGHT, userName: 'L' })).statusCode).toBe(201);
  });

  it('reset', async () => {
    await registerEmployer(t.app, 'reset@example.com');
    await post('/api/accounts/forgot-password', { email: 'reset@example.com' });
    await t.ctx.mailer.flush();
    const [mail] = await readOutbox(t.ctx.db, { to: 'reset@example.com', kind: 'password-reset' });
    const token = new URL(mail!.link!.replace('/#/', '/')).searchParams.get('token')!;
    expectError(await post('/api/accounts/reset-password', { email: 'reset@example.com', token, newPassword: SEVEN }), 400, MESSAGES.reset.newMin);
    expect((await post('/api/accounts/reset-password', { email: 'reset@example.com', token, newPassword: EIGHT })).statusCode).toBe(200);
  });

  it('employee self-registration', async () => {
    const [acme] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
    const body = (password: string) => ({ firstName: 'Sam', lastName: 'Lee', email: 'sam@acme.test', employeeNumber: 'S-1', password, confirmPassword: password });
    const url = `/api/employees/employers/${acme!.id}/employees`;
    expectError(await post(url, body(SEVEN)), 400, MESSAGES.employeeSignup.passwordMin);
    expect((await post(url, body(EIGHT))).statusCode).toBe(201);
  });

  it('an admin added by a super admin or an employer', async () => {
    const [acme] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
    const erin = await employerOf(t, acme!.id, 'erin@acme.test');
    const root = await superAdminToken(t.app);
    const add = (token: string, password: string, email: string, role: string) =>
      post('/api/accounts/users/add', { userName: 'newadmin', email, password, role }, { headers: bearer(token) });
    expectError(await add(root, SEVEN, 'sa@example.com', 'SuperAdmin'), 400, MESSAGES.admins.passwordMin);
    expectError(await add(erin.token, SEVEN, 'ad@acme.test', 'Admin'), 400, MESSAGES.admins.passwordMin);
    // Five characters are told the rule's minimum, as seven are (the spec's sentence said 6).
    expectError(await add(erin.token, 'Abc12', 'ad@acme.test', 'Admin'), 400, 'Password must be at least 8 characters.');
    expect((await add(erin.token, EIGHT, 'ad@acme.test', 'Admin')).statusCode).toBe(201);
  });

  it('login still accepts a shorter password stored before the rule', async () => {
    await t.ctx.db.insert(users).values({ email: 'old@example.com', passwordHash: await hashPassword('abc'), name: 'Old Timer', role: 'Employer' });
    expect((await loginAs(t.app, 'old@example.com', 'abc')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  const change = (token: string, currentPassword: string, newPassword: string, from = '203.0.113.50') =>
    post('/api/accounts/change-password', { currentPassword, newPassword }, { headers: bearer(token), remoteAddress: from });

  it('refuses the current password as the new one', async () => {
    const { token } = await registerEmployer(t.app, 'same@example.com', EIGHT);
    expectError(await change(token, EIGHT, EIGHT), 400, MESSAGES.changePassword.sameAsCurrent);
    expect((await loginAs(t.app, 'same@example.com', EIGHT)).statusCode).toBe(200);
  });

  describe('wrong current passwords count like failed logins', () => {
    const limits = () => t.ctx.config.rateLimits;
    let saved: typeof t.ctx.config.rateLimits;
    beforeEach(() => {
      saved = { ...limits() };
    });
    const restore = () => Object.assign(limits(), saved);

    it('answers 429 with Retry-After after the limit for one user from one address, even to the right password', async () => {
      Object.assign(limits(), { loginPerAccountAddress: 3, loginPerAccountSoft: 100 });
      try {
        const { token } = await registerEmployer(t.app, 'guess@example.com', EIGHT);
        for (let i = 0; i < 3; i++) expectError(await change(token, `guess-${i}`, 'Brand-new-1'), 400, MESSAGES.changePassword.wrongCurrent);
        const blocked = await change(token, EIGHT, 'Brand-new-1');
        expectError(blocked, 429, MESSAGES.common.tooManyRequests);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect((await loginAs(t.app, 'guess@example.com', EIGHT)).statusCode).toBe(200);
        // The owner, elsewhere, is not locked out.
        const owner = await change(token, EIGHT, 'Brand-new-1', '198.51.100.20');
        expect(owner.statusCode, owner.body).toBe(200);
      } finally {
        restore();
      }
    });

    it('slows down failures for one user from many addresses', async () => {
      Object.assign(limits(), { loginPerAccountSoft: 1, delayStepMs: 200, maxDelayMs: 400 });
      try {
        const { token } = await registerEmployer(t.app, 'slow@example.com', EIGHT);
        expectError(await change(token, 'guess-1', 'Brand-new-1', '203.0.113.1'), 400, MESSAGES.changePassword.wrongCurrent);
        const started = Date.now();
        expectError(await change(token, 'guess-2', 'Brand-new-1', '203.0.113.2'), 400, MESSAGES.changePassword.wrongCurrent);
        expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      } finally {
        restore();
      }
    });
  });
});
