import { eq, sql, type SQL } from 'drizzle-orm';
import { ROUTES } from '@portal/shared-contracts';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { employerUsers, users } from '../db/schema';
import { isUniqueViolation } from '../db/sql';
import { registrationAttemptMail } from '../mail/templates';
import { NOTICE_WINDOW_SECONDS, noticeKey } from './rate-limiter';

/** An email compared as the unique index `users_email_lower_unique` compares it: trimmed, any case. */
export function emailIs(email: string): SQL {
  return eq(sql`lower(${users.email})`, email.trim().toLowerCase());
}

/**
 * Why no user was created: `email` when an account has the address, `conflict` when a unique index
 * refused the row (the address taken between the check and the insert, or another unique column).
 */
export type UserRefusal = 'email' | 'conflict';

/**
 * Creates a user unless the email is taken, in one transaction with the spec's "employer user"
 * record that every Employer and Admin carries.
 */
export async function createUser(
  db: Db,
  // The office may be a subquery (an invite link's office, kept only if it is still the company's).
  values: Omit<typeof users.$inferInsert, 'officeId'> & { officeId?: string | null | SQL },
): Promise<{ id: string } | { refused: UserRefusal }> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(emailIs(values.email)).limit(1);
      if (taken) return { refused: 'email' as const };
      const [created] = await tx.insert(users).values(values).returning({ id: users.id });
      if (values.role === 'Employer' || values.role === 'Admin') await tx.insert(employerUsers).values({ userId: created!.id });
      return { id: created!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { refused: 'conflict' };
    throw err;
  }
}

/**
 * A refused sign-up does not say the address has an account; its owner hears of the attempt by
 * mail instead, with the ways back in: once a day at most, so repeated attempts cannot flood them.
 */
export async function mailRegistrationAttempt(ctx: ApiContext, email: string): Promise<void> {
  const key = noticeKey(email);
  if (!(await ctx.limiter.firstInWindow([key], NOTICE_WINDOW_SECONDS)).has(key)) return;
  const base = ctx.config.publicUrl;
  ctx.mailer.queue(registrationAttemptMail(email, `${base}/#${ROUTES.login}`, `${base}/#${ROUTES.forgotPassword}`), ctx.log);
}
