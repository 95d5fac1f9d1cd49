import { createHash } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
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
  /** Counts one attempt (or `amount` of them, e.g. addresses checked) and answers the count in the current window. */
  hit(key: string, windowSeconds: number, amount?: number): Promise<Counter>;
  /**
   * Counts one event for each key and answers the keys whose window this event opened: "first
   * time today" for many keys in one statement (e.g. at most one notice mail per address a day).
   */
  firstInWindow(keys: string[], windowSeconds: number): Promise<Set<string>>;
  /** The count in the current window without counting. */
  peek(key: string): Promise<Counter>;
  clear(key: string): Promise<void>;
  /** Drops ended windows. */
  sweep(): Promise<void>;
}

export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** At most one unsolicited "someone used your address" notice per address in this window. */
export const NOTICE_WINDOW_SECONDS = 24 * 60 * 60;

export function noticeKey(email: string): string {
  return `notice:${accountKey(email)}`;
}

function toCounter(row: { count: number; resetAt: Date } | undefined): Counter {
  if (!row) return { count: 0, retryAfter: 0 };
  return { count: row.count, retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)) };
}

export function createRateLimiter(db: Db): RateLimiter {
  let hits = 0;
  const limiter: RateLimiter = {
    async hit(key, windowSeconds, amount = 1) {
      const fresh = sql`now() + make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: amount, resetAt: fresh })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then excluded.count else ${rateLimits.count} + excluded.count end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (++hits % 500 === 0) void limiter.sweep().catch(() => {});
      return toCounter(row);
    },
    async firstInWindow(keys, windowSeconds) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Set();
      // A key's row is fresh (count 1) only when this statement inserted it or restarted its ended window.
      const touched = await rows<{ key: string; count: number }>(
        db,
        sql`insert into rate_limits (key, count, reset_at)
          select k, 1, now() + make_interval(secs => ${windowSeconds}) from json_array_elements_text(${JSON.stringify(unique)}::json) as k
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning key, count`,
      );
      return new Set(touched.filter((r) => Number(r.count) === 1).map((r) => r.key));
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
