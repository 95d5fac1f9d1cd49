import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../env';
import { openDatabase } from './client';
import { preparedRows, rows } from './sql';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from './testing/pgbouncer';

/**
 * A PgBouncer that was not told about the api (no DATABASE_PGBOUNCER=1, and `plan_cache_mode` not
 * in its `ignore_startup_parameters`) refuses the generic-plan startup parameter the api's pool of
 * hot statements sends, and with it every connection of that pool. The PostgreSQL stage
 * (`pnpm test:pg`) only.
 */

const stageUrl = loadApiConfig().databaseUrl;
const missing = stageUrl && !findPgbouncer() ? 'pgbouncer is not installed (apt-get install -y pgbouncer; .ci/run installs it)' : undefined;

type OpenDb = Awaited<ReturnType<typeof openDatabase>>['db'];
const setting = sql`select current_setting('plan_cache_mode') as mode`;
/** The plan cache mode of the connections that run the api's statements, and of those that run its hot ones. */
const planCacheModes = async (db: OpenDb) => ({
  statements: (await rows<{ mode: string }>(db, setting))[0]?.mode,
  hot: (await preparedRows<{ mode: string }>(db, setting))[0]?.mode,
});

describe.skipIf(!stageUrl)(`the api's client behind a PgBouncer that refuses its startup parameter${missing ? ` (skipped: ${missing})` : ''}`, () => {
  if (missing) {
    it.skip(missing, () => {});
    return;
  }
  let bouncer: Pgbouncer;
  beforeAll(async () => {
    bouncer = await startPgbouncer(stageUrl!, { poolSize: 2 });
  });
  afterAll(async () => {
    await bouncer?.stop();
  });

  it('connects without the parameter, says so once with what to set, and keeps it on a direct connection', async () => {
    const warnings: string[] = [];
    const log = { warn: (obj: object | string, msg?: string) => warnings.push(msg ?? String(obj)) };
    for (let i = 0; i < 2; i++) {
      const behind = await openDatabase({ databaseUrl: bouncer.through(stageUrl!), pgliteDir: '', log });
      try {
        expect(await rows(behind.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
        expect(await planCacheModes(behind.db)).toEqual({ statements: 'auto', hot: 'auto' });
      } finally {
        await behind.close();
      }
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/plan_cache_mode/);
    expect(warnings[0]).toMatch(/DATABASE_PGBOUNCER=1/);

    const direct = await openDatabase({ databaseUrl: stageUrl!, pgliteDir: '', log });
    try {
      expect(await planCacheModes(direct.db)).toEqual({ statements: 'auto', hot: 'force_generic_plan' });
    } finally {
      await direct.close();
    }
    expect(warnings).toHaveLength(1);
  });

  it('leaves the client as it is when the server cannot be reached at start (it connects once the server is back)', async () => {
    const warnings: string[] = [];
    const gone = new URL(stageUrl!);
    gone.port = '1';
    const database = await openDatabase({ databaseUrl: gone.toString(), pgliteDir: '', log: { warn: (_o, msg) => warnings.push(String(msg)) } });
    await database.close();
    expect(warnings).toEqual([]);
  });
});
