import type { Db } from '../../db/client';

/** A key's window: a minute from its first batch, as the database counters count them. */
export const LOCAL_WINDOW_MS = 60_000;
/** Keys held at most: past it (a flood from that many addresses or tabs at once) a new key is refused. */
export const LOCAL_KEYS_MAX = 200_000;

export interface LocalCount {
  count: number;
  /** Seconds until the key's window ends. */
  retryAfter: number;
}

/**
 * Telemetry's rate limits, counted in this process (docs/decisions/0029): a batch refused here costs
 * no database statement, so a flood at or past the limits does not hold the event loop of an api on
 * its embedded database. They bound the work of this instance; what a sender's batches count for in
 * the figures is bounded in the database, for every instance at once (the sender budget). Behind N
 * instances an address may send N times the limit, each instance doing its share of the work.
 */
export class LocalLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private hits = 0;

  /** Counts one batch against each key; answers the counts in order (a new key past `LOCAL_KEYS_MAX` reads as over any limit). */
  hitAll(keys: readonly string[], now = Date.now()): LocalCount[] {
    if (++this.hits % 1000 === 0 || this.windows.size >= LOCAL_KEYS_MAX) this.sweep(now);
    return keys.map((key) => {
      const w = this.windows.get(key);
      if (w && w.endsAt > now) {
        w.count += 1;
        return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.endsAt - now) / 1000)) };
      }
      if (!w && this.windows.size >= LOCAL_KEYS_MAX) return { count: Number.MAX_SAFE_INTEGER, retryAfter: Math.ceil(LOCAL_WINDOW_MS / 1000) };
      this.windows.set(key, { count: 1, endsAt: now + LOCAL_WINDOW_MS });
      return { count: 1, retryAfter: Math.ceil(LOCAL_WINDOW_MS / 1000) };
    });
  }

  /** Drops ended windows. */
  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}

const limiters = new WeakMap<Db, LocalLimiter>();

/** The telemetry limiter of the api on `db` (one per api context). */
export function localLimiter(db: Db): LocalLimiter {
  let l = limiters.get(db);
  if (!l) {
    l = new LocalLimiter();
    limiters.set(db, l);
  }
  return l;
}

/** Forgets the counts (tests that start over). */
export function forgetLocalLimits(db: Db): void {
  limiters.delete(db);
}
