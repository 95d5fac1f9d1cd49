import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { openDatabase } from '../db/client';
import { companies, mailOutbox } from '../db/schema';
import type { Logger } from '../lib/logger';
import { bearer, employerOf, json, registerEmployer } from '../test/test-support';
import { createTestApp, type TestApp } from '../test/testing';
import { createMailer, type Mailer, type MailMessage } from './mailer';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

let smtp: SmtpTestServer;
let t: TestApp;
const errors: string[] = [];
const log: Logger = { info() {}, warn() {}, error: (o, m) => errors.push(`${m ?? ''} ${JSON.stringify(o)}`) };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, mailReplyTo: 'Support <support@portal.test>' }, log });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const mailers: Mailer[] = [];
/** A sender on the test database with retries in milliseconds instead of minutes. */
function quickMailer(retryDelaysMs: number[]) {
  const m = createMailer({ smtpUrl: smtp.url, from: 'Commute Portal <no-reply@portal.test>', db: t.ctx.db, log, retryDelaysMs, pollMs: 50 });
  mailers.push(m);
  return m;
}
beforeEach(async () => {
  await t.reset();
  errors.length = 0;
});
afterEach(async () => {
  for (const m of mailers.splice(0)) await m.close(1000);
});

const message = (to: string, subject = 'Hello'): MailMessage => ({ to, subject, text: 'A line.', kind: 'test' });

async function row(to: string) {
  const [r] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return r!;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail through an SMTP server', () => {
  it('delivers a password reset after STARTTLS and a login, as text and HTML, with Reply-To, and marks it sent', async () => {
    await registerEmployer(t.app, 'lost@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'lost@example.com' } });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('lost@example.com'));
    expect(mail.secure).toBe(true);
    expect(mail.user).toBe('portal');
    expect(mail.subject).toBe('Reset your Commute Portal password');
    expect(mail.text).toMatch(/https:\/\/portal\.test\/#\/reset-password\?email=lost%40example\.com&token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toMatch(/The link expires at \d{2}:\d{2} UTC on \d{1,2} [A-Z][a-z]+ \d{4} and works once\./);
    expect(mail.html).toContain('<a href="https://portal.test/#/reset-password?email=lost%40example.com&amp;token=');
    expect(mail.html).not.toMatch(/<img|utm_|track/i);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.replyTo).toMatch(/^"?Support"? <support@portal\.test>$/);
    const sent = await until(
      () => row('lost@example.com'),
      (r) => r.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(json(res)).toMatchObject({ success: true });
  });

  it('retries a temporary refusal (451) later and then delivers once', async () => {
    smtp.refuseNext(451, 'Try again later');
    const mailer = quickMailer([300, 300]);
    await mailer.sendMail(message('busy@example.com'));
    const first = await until(
      () => row('busy@example.com'),
      (r) => r.attempts === 1 && r.lastError !== null,
    );
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toContain('451');
    expect(smtp.received.filter((m) => m.to.includes('busy@example.com'))).toHaveLength(0);
    await smtp.waitFor((m) => m.to.includes('busy@example.com'));
    const after = await until(
      () => row('busy@example.com'),
      (r) => r.status === 'sent',
    );
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to.includes('busy@example.com'))).toHaveLength(1);
  });

  it('marks a permanent refusal (550) failed at once, logged at error level, and never tries it again', async () => {
    smtp.refuseNext(550, 'No such user here');
    const mailer = quickMailer([100, 100]);
    await mailer.sendMail(message('gone@example.com'));
    const failed = await until(
      () => row('gone@example.com'),
      (r) => r.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('550');
    expect(errors.some((e) => e.includes('mail delivery failed') && e.includes('gone@example.com'))).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await row('gone@example.com')).toMatchObject({ attempts: 1, status: 'failed' });
    expect(smtp.received.filter((m) => m.to.includes('gone@example.com'))).toHaveLength(0);
  });

  it('gives up after the last retry of a server that keeps answering 4xx', async () => {
    smtp.refuseNext(421, 'Service not available', 3);
    const mailer = quickMailer([100, 100]);
    await mailer.sendMail(message('down@example.com'));
    const failed = await until(
      () => row('down@example.com'),
      (r) => r.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toContain('421');
  });

  it('queues an import\'s invitations and a password reset with their change: the rows exist when the answer comes', async () => {
    const [acme] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
    const erin = await employerOf(t, acme!.id, 'erin@acme.test');
    const people = [1, 2, 3].map((i) => ({ firstName: `Sam${i}`, lastName: 'Smith', email: `sam${i}@acme.test`, employeeNumber: `E-${i}` }));
    const added = await t.app.inject({ method: 'POST', url: '/api/employees', headers: bearer(erin.token), payload: { employees: people } });
    expect(added.statusCode).toBe(201);
    const invitations = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'employee-invitation'));
    expect(invitations.map((r) => r.to).sort()).toEqual(['sam1@acme.test', 'sam2@acme.test', 'sam3@acme.test']);
    expect(invitations.every((r) => r.status === 'pending' || r.status === 'sent')).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes('sam2@acme.test'));
    expect(mail.subject).toBe('Acme Ltd invited you to the Commute Portal lift-sharing scheme');
    expect(mail.html).toContain('Acme Ltd added you to its lift-sharing scheme');

    await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'erin@acme.test' } });
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'))).toHaveLength(1);
  });

  it('refuses a reset for an address carrying a lone surrogate (text no encoding can store), queuing nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'a\udc00b@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.common.brokenCharacter });
    expect(await t.ctx.db.select().from(mailOutbox)).toEqual([]);
  });

  it('queues a mail whose text carries a lone surrogate (e.g. a driver decision\'s notes) with the character replaced', async () => {
    await t.ctx.mailer.enqueueMany(t.ctx.db, [{ ...message('odd@example.com'), text: 'Notes: licence \ud83d seen' }]);
    await t.ctx.mailer.enqueue(t.ctx.db, { ...message('odd2@example.com'), subject: 'Hi \udc00' });
    expect((await row('odd@example.com')).text).toBe('Notes: licence \ufffd seen');
    expect((await row('odd2@example.com')).subject).toBe('Hi \ufffd');
  });

  // Last of this block: the app's own sender is stopped so that only the one under test delivers.
  it('delivers what is due when shut down, within its deadline', async () => {
    await t.ctx.mailer.close(0);
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'p@portal.test', db: t.ctx.db, log, pollMs: 60_000 });
    for (let i = 0; i < 5; i++) await mailer.enqueue(t.ctx.db, message(`drain${i}@example.com`));
    await mailer.close(5000);
    expect(smtp.received.filter((m) => m.to[0]!.startsWith('drain'))).toHaveLength(5);
  });
});

describe('two api instances on one PostgreSQL database', () => {
  it.skipIf(!process.env.DATABASE_URL)('send each mail exactly once (rows taken with FOR UPDATE SKIP LOCKED)', async () => {
    const url = t.ctx.config.databaseUrl!;
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url, pgliteDir: '' }), openDatabase({ databaseUrl: url, pgliteDir: '' })]);
    const senders = [a!, b!].map((d) => createMailer({ smtpUrl: smtp.url, from: 'p@portal.test', db: d.db, log, pollMs: 5 }));
    try {
      const count = 300;
      const writer = createMailer({ smtpUrl: undefined, from: 'p@portal.test', db: t.ctx.db, log });
      for (let i = 0; i < count; i++) await writer.enqueue(t.ctx.db, message(`twice${i}@example.com`));
      await t.ctx.db.update(mailOutbox).set({ status: 'pending' });
      for (const s of senders) s.wake();
      const rows = await until(
        () => t.ctx.db.select().from(mailOutbox),
        (rs) => rs.every((r) => r.status === 'sent'),
        30_000,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      const got = smtp.received.filter((m) => m.to[0]!.startsWith('twice')).map((m) => m.to[0]);
      expect(got).toHaveLength(count);
      expect(new Set(got).size).toBe(count);
    } finally {
      for (const s of senders) await s.close(1000);
      await a!.close();
      await b!.close();
    }
  });
  // Under PGlite one process owns the database (its folder lock): there is no second instance to race.
  it.skipIf(Boolean(process.env.DATABASE_URL))('needs PostgreSQL (test:pg); PGlite allows one process only', () => {});
});
