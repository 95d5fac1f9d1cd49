import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../env';
import { openDatabase } from './client';
import { rows } from './sql';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from './testing/pgbouncer';

/**
 * A PgBouncer that was not told about the api (no DATABASE_PGBOUNCER=1, and `plan_cache_mode` not
 * in its `ignore_startup_parameters`) refuses the generic-plan startup parameter the api's client
 * sends, and with it every connection. The PostgreSQL stage (`pnpm test:pg`) only.
 */

const stageUrl = loadApiConfig().databaseUrl;
const missing = stageUrl && !findPgbouncer() ? 'pgbouncer is not installed (apt-get install -y pgbouncer; .ci/run installs it)' : undefined;

const planCacheMode = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (await rows<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`))[0]?.plan_cache_mode;

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
        expect(await planCacheMode(behind.db)).toBe('auto');
      } finally {
        await behind.close();
      }
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/plan_cache_mode/);
    expect(warnings[0]).toMatch(/DATABASE_PGBOUNCER=1/);

    const direct = await openDatabase({ databaseUrl: stageUrl!, pgliteDir: '', log });
    try {
      expect(await planCacheMode(direct.db)).toBe('force_generic_plan');
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
