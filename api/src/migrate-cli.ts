import { openDatabase } from './db/client';
import { DataFolderLockedError } from './db/folder-lock';
import { applyMigrations, MIGRATIONS_FOLDER } from './db/migrate';
import { ConfigError, loadApiConfig } from './env';

/**
 * `pnpm --filter @portal/api migrate` (or `node dist/migrate.js` in the image): applies the committed
 * SQL migrations and exits, for a migration job that runs before new api instances start. On
 * PostgreSQL (DATABASE_URL) it waits its turn behind any instance or job migrating at the same time,
 * so every migration is applied exactly once; without DATABASE_URL it migrates the embedded database
 * in DATA_DIR (which no running api may hold).
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadApiConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const started = Date.now();
  if (config.databaseUrl) {
    const { applied } = await applyMigrations({ kind: 'postgres', url: config.databaseUrl });
    console.log(`migrate: ${applied} migration${applied === 1 ? '' : 's'} applied in ${Date.now() - started} ms; the database is up to date (${MIGRATIONS_FOLDER})`);
    return 0;
  }
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log(`migrate: the embedded database in ${config.pgliteDir} is up to date (${Date.now() - started} ms)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DataFolderLockedError ? err.message : err);
    process.exit(1);
  },
);
