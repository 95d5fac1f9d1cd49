import { sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Database } from '../../db/client';
import { latestMigrationMillis } from '../../db/migrate';
import { rows } from '../../db/sql';

/**
 * Whether this process has begun to stop (SIGTERM, SIGINT). Kept per database handle, the one object
 * every copy of the context shares (handlers get a copy carrying the request's logger), so two apps
 * in one process (tests) do not see each other's state.
 */
const stopping = new WeakSet<Database>();

/** From now on `GET /api/health/ready` answers 503: the load balancer sends no new request here. */
export function markShuttingDown(ctx: Pick<ApiContext, 'database'>): void {
  stopping.add(ctx.database);
}

export function isShuttingDown(ctx: Pick<ApiContext, 'database'>): boolean {
  return stopping.has(ctx.database);
}

/** A probe that waits longer than this is answered "not ready" rather than left hanging. */
export const READY_QUERY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness query timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The database's last applied migration: the migrator's own bookkeeping (one row per migration). */
async function lastAppliedMigration(ctx: Pick<ApiContext, 'db'>): Promise<number | null> {
  try {
    const [row] = await rows<{ last: string | number | null }>(ctx.db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = row?.last;
    return last === null || last === undefined ? null : Number(last);
  } catch (err) {
    // No bookkeeping table yet: nothing is migrated.
    if (codeOf(err) === '42P01' || codeOf(err) === '3F000') return null;
    throw err;
  }
}

function codeOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Why this instance should not take traffic, or null when it may: shutting down, its database does
 * not answer one cheap query within `READY_QUERY_TIMEOUT_MS`, or a migration this build ships is not
 * applied yet.
 */
export async function notReadyBecause(ctx: Pick<ApiContext, 'db' | 'database' | 'log'>): Promise<string | null> {
  if (isShuttingDown(ctx)) return MESSAGES.health.shuttingDown;
  let last: number | null;
  try {
    last = await withTimeout(lastAppliedMigration(ctx), READY_QUERY_TIMEOUT_MS);
  } catch (err) {
    ctx.log.warn({ err }, 'readiness: database unavailable');
    return MESSAGES.common.databaseUnavailable;
  }
  if (isShuttingDown(ctx)) return MESSAGES.health.shuttingDown;
  if (last === null || last < latestMigrationMillis()) return MESSAGES.health.migrationsPending;
  return null;
}
