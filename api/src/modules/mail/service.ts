import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES, type FailedMail, type PageQuery } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { pageAnswer } from '../../db/sql';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';

const failed = eq(mailOutbox.status, 'failed');

/** The mails given up on, newest first: who, what for, how often tried and the server's last answer. */
export async function listFailedMail(ctx: ApiContext, q: PageQuery) {
  const [total] = await ctx.db.select({ n: count() }).from(mailOutbox).where(failed);
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(failed)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const items: FailedMail[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { success: true as const, ...pageAnswer(items, total?.n ?? 0, q.pageNumber, q.pageSize) };
}

/**
 * Puts a failed mail back in the queue, due now: the sender tries it once more (its count of
 * attempts goes on, so a mail that fails again is marked failed again at once, not after hours).
 */
export async function retryFailedMail(ctx: ApiContext, id: string): Promise<void> {
  const updated = isUuid(id)
    ? await ctx.db
        .update(mailOutbox)
        .set({ status: 'pending', nextAttemptAt: sql`now()`, claimedUntil: null })
        .where(and(eq(mailOutbox.id, id.toLowerCase()), failed))
        .returning({ id: mailOutbox.id })
    : [];
  if (updated.length === 0) throw notFound(MESSAGES.mail.notFailed);
  ctx.log.info({ mailId: id }, 'failed mail queued again');
  ctx.mailer.wake();
}
