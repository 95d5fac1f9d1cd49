import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { GROUP_NAME_KEYS_MIGRATION, settleGroupNameKeys } from './group-name-keys';

/**
 * `api/drizzle`, the committed SQL migrations: the nearest `drizzle/` folder above this file, which
 * is two folders up in the sources (api/src/db) and one or two up from the compiled bundle (api/dist
 * and its chunks, /app/dist in the image).
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');
}

export const MIGRATIONS_FOLDER = findMigrationsFolder();

/** Any fixed number: the key of the advisory lock that lets one instance migrate at a time. */
export const MIGRATION_LOCK = 52_600_001;

/** Where the migrator keeps what it applied (drizzle's own bookkeeping, shared with drizzle-kit). */
const BOOKKEEPING = 'drizzle.__drizzle_migrations';

export type MigrationTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export interface MigrationReport {
  /** Migrations this call applied (0 when the database was already up to date). */
  applied: number;
}

let latest: number | undefined;

/** The journal time (ms) of the newest migration this build ships: a database at or past it is migrated. */
export function latestMigrationMillis(): number {
  latest ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  return latest;
}

/**
 * Applies the committed migrations not yet applied, all in one transaction.
 *
 * On PostgreSQL several instances (or the migration job and an instance) may start at once: the
 * transaction first takes a transaction-level advisory lock, so they run one after the other and
 * each later one finds the work done. A transaction-level lock (never a session-level one) is
 * released by the commit or rollback on the very server connection that took it, which also holds
 * behind PgBouncer in transaction pooling mode. The bookkeeping is drizzle's own table and columns,
 * so databases migrated before keep their history.
 */
export async function migrateDatabase(target: MigrationTarget): Promise<void> {
  await applyMigrations(target);
}

/** As `migrateDatabase`, saying how many migrations this call applied (the `migrate` command, tests). */
export async function applyMigrations(target: MigrationTarget): Promise<MigrationReport> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (target.kind === 'pglite') {
    // PGlite has one connection in one process: nothing else can race us.
    const before = await countApplied((q) => target.client.query<{ n: number }>(q).then((r) => r.rows));
    await migratePglite(drizzlePglite({ client: target.client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const after = await countApplied((q) => target.client.query<{ n: number }>(q).then((r) => r.rows));
    const keys = migrations.findIndex((m) => m.folderMillis === GROUP_NAME_KEYS_MIGRATION);
    if (keys >= before && keys < after) {
      await target.client.transaction((tx) => settleGroupNameKeys(async (text, params) => (await tx.query(text, params)).rows as never));
    }
    return { applied: after - before };
  }
  // No named prepared statements: the connection may be PgBouncer's (transaction pooling).
  const sql = postgres(target.url, { max: 1, onnotice: () => {}, prepare: false });
  try {
    return await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      await tx.unsafe('create schema if not exists drizzle');
      await tx.unsafe(`create table if not exists ${BOOKKEEPING} (id serial primary key, hash text not null, created_at bigint)`);
      const [last] = await tx.unsafe<{ created_at: string | null }[]>(`select created_at from ${BOOKKEEPING} order by created_at desc limit 1`);
      const done = last?.created_at == null ? -1 : Number(last.created_at);
      let applied = 0;
      for (const migration of migrations) {
        if (migration.folderMillis <= done) continue;
        for (const statement of migration.sql) if (statement.trim()) await tx.unsafe(statement);
        // Keys the database cannot compute whatever its collation, in the migration's transaction.
        if (migration.folderMillis === GROUP_NAME_KEYS_MIGRATION) {
          await settleGroupNameKeys(async (text, params) => (await tx.unsafe(text, params as never[])) as never);
        }
        await tx.unsafe(`insert into ${BOOKKEEPING} (hash, created_at) values ($1, $2)`, [migration.hash, migration.folderMillis]);
        applied += 1;
      }
      return { applied };
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function countApplied(query: (q: string) => Promise<{ n: number }[]>): Promise<number> {
  try {
    const [row] = await query(`select count(*)::int as n from ${BOOKKEEPING}`);
    return row?.n ?? 0;
  } catch {
    return 0;
  }
}
