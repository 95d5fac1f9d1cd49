import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import type * as Tokens from '../../lib/tokens';
import { hashToken, newToken } from '../../lib/tokens';
import { readOutbox } from '../../mail/mailer';
import { json, registerEmployer, useTestApp } from '../../test/test-support';

// The real functions, counted: the work a request does is what must not depend on the address.
vi.mock('../../lib/tokens', async (importOriginal) => {
  const actual = await importOriginal<typeof Tokens>();
  return { ...actual, newToken: vi.fn(actual.newToken), hashToken: vi.fn(actual.hashToken) };
});

const t = useTestApp();
beforeEach(async () => {
  await t.reset();
});

/** What one forgot-password call did: its answer and the token and transaction work it ran. */
async function forgot(email: string) {
  vi.mocked(newToken).mockClear();
  vi.mocked(hashToken).mockClear();
  const transaction = vi.spyOn(t.ctx.db, 'transaction');
  try {
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email } });
    return {
      status: res.statusCode,
      body: json(res),
      work: { newToken: vi.mocked(newToken).mock.calls.length, hashToken: vi.mocked(hashToken).mock.calls.length, transactions: transaction.mock.calls.length },
    };
  } finally {
    transaction.mockRestore();
  }
}

describe('forgot-password for a known, an unknown and a deactivated address', () => {
  it('answers the same after the same token, hashing and transaction work', async () => {
    await registerEmployer(t.app, 'known@example.com');
    const inactive = await registerEmployer(t.app, 'inactive@example.com');
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));

    const known = await forgot('known@example.com');
    const unknown = await forgot('unknown@example.com');
    const deactivated = await forgot('inactive@example.com');

    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: MESSAGES.forgot.success });
    expect(known.work).toEqual({ newToken: 1, hashToken: 1, transactions: 1 });
    for (const other of [unknown, deactivated]) {
      expect(other.status).toBe(known.status);
      expect(other.body).toEqual(known.body);
      expect(other.work).toEqual(known.work);
    }
  });

  it('leaves no token, mail or audit entry behind for an address without an active account', async () => {
    const inactive = await registerEmployer(t.app, 'inactive@example.com');
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    await forgot('nobody@example.com');
    await forgot('inactive@example.com');
    await t.ctx.mailer.flush();
    expect(await t.ctx.db.select().from(passwordResetTokens)).toEqual([]);
    expect(await readOutbox(t.ctx.db, { kind: 'password-reset' })).toEqual([]);
    expect(await t.ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('still mails a known address one working link', async () => {
    await registerEmployer(t.app, 'known@example.com');
    await forgot('known@example.com');
    await t.ctx.mailer.flush();
    const [mail] = await readOutbox(t.ctx.db, { to: 'known@example.com', kind: 'password-reset' });
    const token = new URL(mail!.link!.replace('/#/', '/')).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/reset-password', payload: { email: 'known@example.com', token, newPassword: 'Brand-new-1' } });
    expect(json(res)).toEqual({ success: true, message: MESSAGES.reset.success });
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'password.resetRequested'))).toHaveLength(1);
  });
});
