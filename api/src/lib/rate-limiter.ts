import { createHash } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Counter {
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Fixed-window counters in the database, so every api instance sees the same numbers.
 * Keys carry a hash of the email, never the address itself.
 */
export interface RateLimiter {
  /** Counts one attempt and answers the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<Counter>;
  /** The count in the current window without counting. */
  peek(key: string): Promise<Counter>;
  clear(key: string): Promise<void>;
  /** Drops ended windows. */
  sweep(): Promise<void>;
}

export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function toCounter(row: { count: number; resetAt: Date } | undefined): Counter {
  if (!row) return { count: 0, retryAfter: 0 };
  return { count: row.count, retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)) };
}

export function createRateLimiter(db: Db): RateLimiter {
  let hits = 0;
  const limiter: RateLimiter = {
    async hit(key, windowSeconds) {
      const fresh = sql`now() + make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: fresh })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (++hits % 500 === 0) void limiter.sweep().catch(() => {});
      return toCounter(row);
    },
    async peek(key) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return toCounter(row);
    },
    async clear(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async sweep() {
      await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
    },
  };
  return limiter;
}
