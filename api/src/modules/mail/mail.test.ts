import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { mailOutbox } from '../../db/schema';
import { startSmtpTestServer, type SmtpTestServer } from '../../mail/smtp-test-server';
import { bearer, json, registerEmployer, superAdminToken } from '../../test/test-support';
import { createTestApp, type TestApp } from '../../test/testing';

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  await t.reset();
});

async function failedMail(to: string, kind = 'password-reset') {
  const [m] = await t.ctx.db
    .insert(mailOutbox)
    .values({ to, subject: 'Reset your Commute Portal password', text: 'Hello', kind, status: 'failed', attempts: 5, lastError: '421 Service not available' })
    .returning({ id: mailOutbox.id });
  return m!.id;
}

describe('failed mail deliveries (super admin)', () => {
  it('lists them newest first with recipient, kind, attempts and last error; an employer is refused', async () => {
    await failedMail('first@example.com');
    await new Promise((r) => setTimeout(r, 5));
    await failedMail('second@example.com', 'employee-invitation');
    const root = await superAdminToken(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/failed', headers: bearer(root) });
    expect(res.statusCode).toBe(200);
    const page = json<{ items: Record<string, unknown>[]; totalCount: number }>(res);
    expect(page.totalCount).toBe(2);
    expect(page.items[0]).toMatchObject({ to: 'second@example.com', kind: 'employee-invitation', attempts: 5, lastError: '421 Service not available' });
    expect(page.items[1]).toMatchObject({ to: 'first@example.com', kind: 'password-reset' });

    const employer = await registerEmployer(t.app, 'erin@example.com');
    const refused = await t.app.inject({ method: 'GET', url: '/api/mail/failed', headers: bearer(employer.token) });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, message: MESSAGES.common.forbidden });
  });

  it('retries one: it is delivered and leaves the list; a second retry is a 404 that says why', async () => {
    const id = await failedMail('again@example.com');
    const root = await superAdminToken(t.app);
    const retry = () => t.app.inject({ method: 'POST', url: `/api/mail/failed/${id}/retry`, headers: bearer(root) });
    const res = await retry();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.mail.retried });
    await smtp.waitFor((m) => m.to.includes('again@example.com'));
    const page = json<{ totalCount: number }>(await t.app.inject({ method: 'GET', url: '/api/mail/failed', headers: bearer(root) }));
    expect(page.totalCount).toBe(0);
    for (let i = 0; i < 100; i++) {
      const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (row!.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const again = await retry();
    expect(again.statusCode).toBe(404);
    expect(json(again)).toMatchObject({ success: false, message: MESSAGES.mail.notFailed });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/mail/failed/not-an-id/retry', headers: bearer(root) });
    expect(malformed.statusCode).toBe(404);
  });
});
