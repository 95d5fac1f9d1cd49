import { sql } from 'drizzle-orm';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { guardFiguresOver, type GuardVersionFigures } from './guard-figures';

/** Any fixed number, distinct from the migration lock's: the key of the release guard's lock. */
export const RELEASE_GUARD_LOCK = 52_600_016;

/** The guard's figures of the named versions over [from, to) (`guardFiguresOver`). */
export type FiguresReader = (from: Date, to: Date, versions: ReadonlyArray<{ remote: string; version: string }>) => Promise<GuardVersionFigures[]>;

/**
 * Runs one pass of the release guard on exactly one api instance: on PostgreSQL it holds a
 * transaction-level advisory lock (`pg_try_advisory_xact_lock`, released at the end even if the
 * process dies) and an instance that does not get it skips the pass; PGlite has one process.
 * The pass reads figures through the handle it is given, inside the lock's transaction.
 */
export async function underReleaseGuardLock<T>(ctx: ApiContext, pass: (figures: FiguresReader) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (ctx.database.kind === 'pglite') return { ran: true, value: await pass((from, to, versions) => guardFiguresOver(ctx.db, from, to, versions)) };
  return ctx.db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [lock] = await rows<{ got: boolean }>(handle, sql`select pg_try_advisory_xact_lock(${RELEASE_GUARD_LOCK}) as got`);
    if (!lock?.got) return { ran: false as const };
    return { ran: true as const, value: await pass((from, to, versions) => guardFiguresOver(handle, from, to, versions)) };
  });
}
