import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** Any fixed number: the key of the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK = 52_600_001;

export type MigrationTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export async function migrateDatabase(target: MigrationTarget): Promise<void> {
  if (target.kind === 'pglite') {
    // PGlite has one connection in one process: nothing else can race us.
    await migratePglite(drizzlePglite({ client: target.client }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // One connection, so the session-level lock covers every statement the migrator sends.
  const sql = postgres(target.url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migratePostgres(drizzlePostgres({ client: sql }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
