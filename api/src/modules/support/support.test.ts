import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { startSmtpTestServer, type SmtpTestServer } from '../../mail/smtp-test-server';
import { bearer, json, type Res } from '../../test/test-support';
import { createTestApp, type TestApp } from '../../test/testing';
import { makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let root: string;
let employer: string;
let admin: string;
let employee: string;
let company: string;

beforeEach(async () => {
  await t.reset();
  root = (await superAdmin(t.ctx.db)).token;
  company = await makeCompany(t.ctx.db, 'Acme Ltd');
  employer = await makeEmployer(t.ctx.db, company, 'boss@acme.test');
  admin = await makeEmployer(t.ctx.db, company, 'admin@acme.test', 'Admin');
  employee = (await makePerson(t.ctx.db, company, 'Emma', 'Employee')).token;
});

const send = (token: string, body: unknown, app = t.app) => app.inject({ method: 'POST', url: '/api/support/messages', headers: bearer(token), payload: body as object });
const MESSAGE = { subject: 'Importing employees', message: 'Our CSV file has 300 rows.\nIs that too many?' };
const outbox = () =>
  rows<{ to: string; subject: string; text: string }>(t.ctx.db, sql`select "to", subject, text from mail_outbox where kind = 'support-message' order by created_at, "to"`);

describe('messages to support', () => {
  it('are mailed to the support email, naming the sender’s account and company from the session', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/scheme-settings',
      headers: bearer(root),
      payload: { trialDays: 30, supportEmail: 'help@scheme.example', supportPhone: '', supportHours: '' },
    });
    const res = await send(employer, { ...MESSAGE, subject: 'Importing\r\nBcc: everyone@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.support.sent });
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail!.to).toBe('help@scheme.example');
    // A line break cannot make a second header: the subject is one line.
    expect(mail!.subject).toBe('Support request: Importing Bcc: everyone@example.com');
    expect(mail!.text).toContain('From: Boss boss@acme.test <boss@acme.test>, Employer');
    expect(mail!.text).toContain(`Company: Acme Ltd (${company})`);
    expect(mail!.text).toContain('Our CSV file has 300 rows.\nIs that too many?');
  });

  it('go to every super admin while no support email is set', async () => {
    expect((await send(admin, MESSAGE)).statusCode).toBe(200);
    const mails = await outbox();
    const supers = await rows<{ email: string }>(t.ctx.db, sql`select email from users where role = 'SuperAdmin' and is_active order by email`);
    expect(mails.map((m) => m.to).sort()).toEqual(supers.map((s) => s.email).sort());
    expect(mails[0]!.text).toContain('admin@acme.test');
  });

  it('are validated with the form’s messages', async () => {
    const S = MESSAGES.support;
    const cases: [unknown, string[]][] = [
      [{}, [S.subjectRequired, S.messageRequired]],
      [{ subject: '   ', message: 'Hi' }, [S.subjectRequired]],
      [{ subject: 'x'.repeat(121), message: 'Hi' }, [S.subjectTooLong(120)]],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, [S.messageTooLong(5000)]],
    ];
    for (const [body, expected] of cases) {
      const res = await send(employer, body);
      expect(res.statusCode).toBe(400);
      expect(json<{ errors: { message: string }[] }>(res).errors.map((e) => e.message)).toEqual(expected);
    }
    expect(await outbox()).toEqual([]);
  });

  it('are for company administrators only', async () => {
    expect((await send(employee, MESSAGE)).statusCode).toBe(403);
    expect((await send(root, MESSAGE)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/support/messages', payload: MESSAGE })).statusCode).toBe(401);
  });

  it('are limited per user in an hour, and per company across its users, with a wait to retry', async () => {
    const limits = t.ctx.config.rateLimits;
    for (let i = 0; i < limits.supportPerUserHour; i++) expect((await send(employer, MESSAGE)).statusCode).toBe(200);
    const refused: Res = await send(employer, MESSAGE);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ success: false, message: MESSAGES.support.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another administrator of the company still may, until the company's own limit.
    const others: string[] = [];
    for (let i = 0; i < 4; i++) others.push(await makeEmployer(t.ctx.db, company, `admin${i}@acme.test`, 'Admin'));
    let sent = limits.supportPerUserHour;
    for (const token of [admin, ...others]) {
      for (let i = 0; i < limits.supportPerUserHour && sent < limits.supportPerCompanyHour; i++, sent++) expect((await send(token, MESSAGE)).statusCode).toBe(200);
    }
    expect((await send(others[3]!, MESSAGE)).statusCode).toBe(429);
    // Each message went to every super admin (no support email set); the refused ones to nobody.
    const supers = (await rows(t.ctx.db, sql`select 1 from users where role = 'SuperAdmin' and is_active`)).length;
    expect(await outbox()).toHaveLength(limits.supportPerCompanyHour * supers);
    // Another company is not held up.
    const other = await makeCompany(t.ctx.db, 'Globex');
    expect((await send(await makeEmployer(t.ctx.db, other, 'boss@globex.test'), MESSAGE)).statusCode).toBe(200);
  });
});

describe('messages to support over SMTP', () => {
  let smtp: SmtpTestServer;
  let withSmtp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    withSmtp = await createTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await withSmtp?.close();
    await smtp?.stop();
  });

  it('reach the SMTP server', async () => {
    await withSmtp.reset();
    const rootToken = (await superAdmin(withSmtp.ctx.db)).token;
    await withSmtp.app.inject({
      method: 'PUT',
      url: '/api/scheme-settings',
      headers: bearer(rootToken),
      payload: { trialDays: 30, supportEmail: 'desk@scheme.example', supportPhone: '', supportHours: '' },
    });
    const id = await makeCompany(withSmtp.ctx.db, 'Acme Ltd');
    const boss = await makeEmployer(withSmtp.ctx.db, id, 'boss@acme.test');
    expect((await send(boss, MESSAGE, withSmtp.app)).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('desk@scheme.example'));
    expect(mail.subject).toBe('Support request: Importing employees');
    expect(mail.text).toContain('boss@acme.test');
  });
});
