import type { Db } from '../../db/client';

/** One minute, fixed windows, as the database counters count them. */
export const LOCAL_WINDOW_MS = 60_000;
/** Keys one window holds at most: past it a new key is refused (a flood from that many addresses or tabs). */
export const LOCAL_KEYS_MAX = 200_000;

export interface LocalCount {
  count: number;
  /** Seconds until the window ends. */
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
  private window = 0;
  private counts = new Map<string, number>();

  /** Counts one batch against each key; answers the counts in order (a key past `LOCAL_KEYS_MAX` new ones reads as over any limit). */
  hitAll(keys: readonly string[], now = Date.now()): LocalCount[] {
    const window = Math.floor(now / LOCAL_WINDOW_MS) * LOCAL_WINDOW_MS;
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const retryAfter = Math.max(1, Math.ceil((window + LOCAL_WINDOW_MS - now) / 1000));
    return keys.map((key) => {
      const seen = this.counts.get(key);
      if (seen === undefined && this.counts.size >= LOCAL_KEYS_MAX) return { count: Number.MAX_SAFE_INTEGER, retryAfter };
      const count = (seen ?? 0) + 1;
      this.counts.set(key, count);
      return { count, retryAfter };
    });
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
