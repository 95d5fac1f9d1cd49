import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { Logger } from '../../lib/logger';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { sweepRetention, type RetentionReport } from './retention';

/** The retention schedule runs when the api starts and then every hour. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** Any fixed number, distinct from the migration's and the release guard's: the key of the schedule's lock. */
export const RETENTION_LOCK = 52_600_044;

/**
 * One pass on exactly one api instance: on PostgreSQL the pass holds a transaction-level advisory
 * lock (released at its end, or when the process dies) and an instance that does not get it skips;
 * PGlite has one process. Each erasure is a savepoint of that transaction.
 */
export async function retentionPass(db: Db, kind: 'pglite' | 'postgres', now: Date, log?: Logger): Promise<RetentionReport | null> {
  if (kind === 'pglite') return sweepRetention(db, now, log);
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [lock] = await rows<{ got: boolean }>(handle, sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as got`);
    if (!lock?.got) return null;
    return sweepRetention(handle, now, log);
  });
}

export function startRetentionJob(db: Db, kind: 'pglite' | 'postgres', log: Logger, everyMs: number = RETENTION_EVERY_MS): Promise<PeriodicJob> {
  return startPeriodic(
    async () => {
      const report = await retentionPass(db, kind, new Date(), log);
      if (report && (report.erased || report.failed || Object.values(report.deleted).some(Boolean))) log.info({ retention: report }, 'retention: pass done');
    },
    { everyMs, log, failure: 'retention pass failed' },
  );
}
