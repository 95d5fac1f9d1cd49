import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, employeePageSchema } from '@portal/shared-contracts';
import { createApp } from '../app';
import type { ApiContext } from '../context';
import { createApiContext } from '../create-context';
import { loadApiConfig } from '../env';
import { silentLogger } from '../lib/logger';
import { resolveSession } from '../lib/sessions';
import { INVITATION_KIND } from '../modules/employees/mails';
import { underReleaseGuardLock } from '../modules/telemetry/guard-lock';
import { bearer, employerOf, json, loginAs, oneATurn, useTestApp, type Res } from '../test/test-support';
import { createPostgresClient, type Db } from './client';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate';
import { companies } from './schema';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from './testing/pgbouncer';

/**
 * The api behind a real PgBouncer in transaction pooling mode (`DATABASE_PGBOUNCER=1`): successive
 * transactions of one client connection run on whichever server connection is free, so nothing may
 * rely on session state. The PostgreSQL stage (`pnpm test:pg`) only; CI installs pgbouncer.
 */

const stageUrl = loadApiConfig().databaseUrl;
const missing = stageUrl && !findPgbouncer() ? 'pgbouncer is not installed (apt-get install -y pgbouncer; .ci/run installs it)' : undefined;
/** Server connections per database: the tests send several times more requests at once. */
const POOL = 3;
const PASSWORD = 'Passw0rd!';

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms).unref())]);

function multipart(content: string) {
  const boundary = '----portal-pgbouncer-boundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function csvOf(n: number, prefix: string, bad?: { line: number; row: string }) {
  const lines = ['firstName,lastName,email,employeeNumber'];
  for (let i = 1; i <= n; i++) lines.push(`First${i},Smith${i},${prefix}${i}@acme.test,${prefix.toUpperCase()}-${i}`);
  if (bad) lines[bad.line - 1] = bad.row;
  return lines.join('\n') + '\n';
}

/** An error's message with its causes' (drizzle wraps the driver's error). */
function causes(err: unknown): string {
  const messages: string[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) messages.push(e.message);
  return messages.join(' <- ');
}

/** The server's own address for a database reached through PgBouncer (for looking at pg_locks and pg_stat_activity). */
function direct(url: string): string {
  const u = new URL(url);
  u.host = new URL(stageUrl!).host;
  return u.toString();
}

describe.skipIf(!stageUrl)(`the api behind PgBouncer in transaction pooling${missing ? ` (skipped: ${missing})` : ''}`, () => {
  if (missing) {
    it.skip(missing, () => {});
    return;
  }
  let bouncer: Pgbouncer;
  beforeAll(async () => {
    bouncer = await startPgbouncer(stageUrl!, { poolSize: POOL });
  });
  afterAll(async () => {
    await bouncer?.stop();
  });
  const t = useTestApp({ reach: (url) => bouncer.through(url), config: { databasePgbouncer: true } });

  let server: postgres.Sql;
  let database: string;
  beforeAll(() => {
    const url = direct(t.ctx.config.databaseUrl!);
    database = new URL(url).pathname.slice(1);
    server = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await server?.end({ timeout: 5 });
  });

  let acme: string;
  let erin: string;
  beforeEach(async () => {
    await t.reset();
    const [c] = await t.ctx.db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
    acme = c!.id;
    await employerOf(t, acme, 'erin@acme.test');
    // Signing in through PgBouncer: the password check, the session written, the token answered.
    const login = await loginAs(t.app, 'erin@acme.test', PASSWORD);
    expect(login.statusCode).toBe(200);
    erin = json<{ token: string }>(login).token;
  });

  const list = (query = '', app: FastifyInstance = t.app) => app.inject({ method: 'GET', url: `/api/employees${query}`, headers: bearer(erin) });
  const importCsv = (content: string) => {
    const m = multipart(content);
    return t.app.inject({ method: 'POST', url: '/api/employees/csv-import', payload: m.payload, headers: { ...m.headers, ...bearer(erin) } });
  };
  const invitations = async () => Number((await server`select count(*)::int as n from mail_outbox where kind = ${INVITATION_KIND}`)[0]!.n);
  const employees = async () => Number((await server`select count(*)::int as n from users where role = 'Employee'`)[0]!.n);

  it('signs in, imports a CSV of 2 500 rows (one transaction of several statements) and lists with a search', async () => {
    const res = await importCsv(csvOf(2500, 'emp'));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.employees.csvSuccess, count: 2500 });
    const page = employeePageSchema.parse(json(await list('?search=smith25&pageSize=100')));
    // Smith25, Smith250-259, Smith2500: 12 people.
    expect(page.totalCount).toBe(12);
    expect(page.items[0]).toMatchObject({ firstName: 'First25', lastName: 'Smith25' });
    expect(await invitations()).toBe(2500);
  }, 120_000);

  it('a bad row refuses the file; a statement failing in the last chunk rolls every chunk back, and the pooled connections stay usable', async () => {
    const invalid = await importCsv(csvOf(20, 'emp', { line: 12, row: 'First11,Smith11,not-an-email,EMP-11' }));
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).message).toBe(MESSAGES.employees.importLine(12, MESSAGES.manualRow.emailInvalid));

    // A row the database itself refuses, after two chunks of 1 000 were written in the same transaction.
    await server.unsafe(`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.email = 'emp2400@acme.test' then raise exception 'taken meanwhile' using errcode = 'unique_violation'; end if;
        return new;
      end $$;
      create trigger refuse_boom before insert on users for each row execute function refuse_boom();`);
    try {
      const refused = await importCsv(csvOf(2500, 'emp'));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(json(refused)).toMatchObject({ success: false, message: MESSAGES.employees.usersExistServer });
    } finally {
      await server.unsafe('drop trigger refuse_boom on users; drop function refuse_boom();');
    }
    expect(await employees()).toBe(0);
    expect(await invitations()).toBe(0);
    // No server connection was handed back inside the failed transaction: every later request works.
    const after = await Promise.all(Array.from({ length: 3 * POOL }, () => list('?search=smith')));
    expect(after.map((r) => r.statusCode)).toEqual(after.map(() => 200));
    expect((await importCsv(csvOf(3, 'ok'))).statusCode).toBe(201);
  }, 120_000);

  it(`answers ${20 * POOL} requests at once, imports included, over ${POOL} server connections`, async () => {
    let busiest = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        // Client backends only: an autovacuum worker of this database (the imports and the triggers'
        // counters write plenty) is in pg_stat_activity too; CI once counted 4 against a pool of 3.
        const [r] = await server`select count(*)::int as n from pg_stat_activity
          where datname = ${database} and pid <> pg_backend_pid() and backend_type = 'client backend'`;
        busiest = Math.max(busiest, Number(r!.n));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const requests: Promise<Res>[] = [];
    for (let i = 0; i < 20 * POOL; i++) requests.push(i % 20 === 0 ? importCsv(csvOf(200, `batch${i}x`)) : list(`?search=smith${i % 10}&pageNumber=1&pageSize=20`));
    const answers = await within(Promise.all(requests), 60_000, `${requests.length} requests at once`).finally(() => (sampling = false));
    await sampler;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array<number>(3).fill(201), ...Array<number>(20 * POOL - 3).fill(200)].sort());
    expect(await employees()).toBe(3 * 200);
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(POOL);
  }, 120_000);

  it('applies each migration exactly once when three migrators run at once through it (a transaction-level lock), leaving no lock', async () => {
    const name = `portal_bouncer_migrate_${Date.now().toString(36)}`;
    await server.unsafe(`create database "${name}"`);
    try {
      const u = new URL(stageUrl!);
      u.pathname = `/${name}`;
      const reports = await Promise.all([1, 2, 3].map(() => applyMigrations({ kind: 'postgres', url: bouncer.through(u.toString()) })));
      const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
      expect(reports.map((r) => r.applied).sort((a, b) => a - b)).toEqual([0, 0, shipped]);
      const check = postgres(u.toString(), { max: 1, onnotice: () => {} });
      try {
        expect(Number((await check`select count(*)::int as n from drizzle.__drizzle_migrations`)[0]!.n)).toBe(shipped);
        expect(await check`select 1 from pg_locks where locktype = 'advisory'`).toHaveLength(0);
      } finally {
        await check.end();
      }
    } finally {
      await server.unsafe(`drop database if exists "${name}" with (force)`);
    }
  }, 120_000);

  it("runs the release guard's pass on one holder at a time, and the lock ends with the pass", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = underReleaseGuardLock(t.ctx, async () => {
      await gate;
      return 'first';
    });
    // Wait until the first pass holds the lock on its server connection.
    for (let i = 0; i < 200 && (await server`select 1 from pg_locks where locktype = 'advisory' and granted`).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await server`select 1 from pg_locks where locktype = 'advisory' and granted`).toHaveLength(1);
    expect(await underReleaseGuardLock(t.ctx, async () => 'second')).toEqual({ ran: false });
    open();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await server`select 1 from pg_locks where locktype = 'advisory'`).toHaveLength(0);
    expect(await underReleaseGuardLock(t.ctx, async () => 'third')).toEqual({ ran: true, value: 'third' });
  });

  it('a session-level advisory lock would be no lock at all: a second client gets it too, and it outlives both clients', async () => {
    // A database of its own: PgBouncer's pool for it serves these two clients only, one statement at a time.
    const name = `portal_bouncer_lock_${Date.now().toString(36)}`;
    await server.unsafe(`create database "${name}"`);
    const u = new URL(stageUrl!);
    u.pathname = `/${name}`;
    const KEY = 52_600_999;
    const a = postgres(bouncer.through(u.toString()), { max: 1, prepare: false, onnotice: () => {} });
    const b = postgres(bouncer.through(u.toString()), { max: 1, prepare: false, onnotice: () => {} });
    const check = postgres(u.toString(), { max: 1, onnotice: () => {} });
    try {
      expect((await a`select pg_try_advisory_lock(${KEY}) as got`)[0]!.got).toBe(true);
      // The statement ended, so PgBouncer gave the server connection (and its lock) back to the pool.
      expect((await b`select pg_try_advisory_lock(${KEY}) as got`)[0]!.got).toBe(true);
      await a.end();
      await b.end();
      expect(await check`select 1 from pg_locks where locktype = 'advisory' and objid = ${KEY} and granted`).toHaveLength(1);
    } finally {
      await a.end();
      await b.end();
      await check.end();
      await server.unsafe(`drop database if exists "${name}" with (force)`);
    }
  });

  it('without DATABASE_PGBOUNCER the api fails under it: named prepared statements break', async () => {
    // The session check alone, as the api runs it on every request (a statement drizzle prepares
    // under a name), from several pooled client connections: with the api's PgBouncer client every
    // check answers; with postgres.js's defaults (named prepared statements) a statement prepared on
    // one server connection is looked for on another ("prepared statement ... does not exist") and
    // the driver's connections stop answering. Checks made in one turn of the event loop share a
    // statement, so each is made in a turn of its own, as requests on their own would be.
    const sessionChecks = async (client: postgres.Sql, ms: number) => {
      const db = drizzle({ client }) as unknown as Db;
      try {
        const checks = await oneATurn(30 * POOL, () => within(resolveSession(db, erin, 'bearer'), ms, 'session check'));
        return checks.flatMap((c) => (c.status === 'rejected' ? [causes(c.reason)] : c.value?.companyId === acme ? [] : ['wrong answer']));
      } finally {
        await within(client.end({ timeout: 1 }), 5_000, 'closing').catch(() => {});
      }
    };
    const url = t.ctx.config.databaseUrl!;
    expect(await sessionChecks(createPostgresClient(url, { pgbouncer: true }), 20_000)).toEqual([]);
    // A driver whose statements PgBouncer hands to the wrong server connection can also read a row
    // it has no description for and throw from its socket handler: that crash is one more way the
    // api fails without the flag, counted here rather than left to end the test run.
    const crashes = catchDriverCrashes();
    try {
      const errors = await sessionChecks(postgres(url, { max: 10, onnotice: () => {} }), 5_000);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.some((e) => /prepared statement "\w+" does not exist|no answer in/.test(e))).toBe(true);

      // And the whole api with its own client as it is opened without the flag: requests fail (500),
      // are refused (401 to a valid token) or never answer.
      let other: ApiContext | undefined;
      let app: FastifyInstance | undefined;
      const failures: string[] = [];
      try {
        other = await within(createApiContext({ ...t.ctx.config, databasePgbouncer: false }, { log: silentLogger }), 30_000, 'start');
        app = await createApp(other, { logger: false });
        // A term of its own for each request, so that no answer is served from the list's memory:
        // every request runs its statements, and the failure does not hang on which few reach the server.
        const answers = await oneATurn(30 * POOL, (i) => within(list(`?search=smith${i}`, app), 5_000, 'GET /api/employees'));
        for (const a of answers) {
          if (a.status === 'rejected') failures.push(String((a.reason as Error).message));
          else if (a.value.statusCode !== 200) failures.push(`${a.value.statusCode}`);
        }
      } catch (err) {
        failures.push(`start: ${causes(err)}`);
      } finally {
        await within(app?.close() ?? Promise.resolve(), 10_000, 'closing').catch(() => {});
        await within(other?.close() ?? Promise.resolve(), 10_000, 'closing').catch(() => {});
      }
      expect(failures.length + crashes.caught.length).toBeGreaterThan(0);
    } finally {
      crashes.release();
    }
  }, 120_000);
});

/**
 * Until `release`, an exception thrown from postgres.js's connection code (its socket handler) is
 * kept in `caught` instead of ending the process; any other exception is rethrown as it would be.
 */
function catchDriverCrashes(): { caught: Error[]; release: () => void } {
  const saved = process.listeners('uncaughtException');
  const caught: Error[] = [];
  const onCrash = (err: Error, origin: NodeJS.UncaughtExceptionOrigin) => {
    if (/[\\/]postgres[\\/]src[\\/]connection\.js/.test(err?.stack ?? '')) caught.push(err);
    else for (const listener of saved) listener(err, origin);
  };
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', onCrash);
  return {
    caught,
    release: () => {
      process.off('uncaughtException', onCrash);
      for (const listener of saved) process.on('uncaughtException', listener);
    },
  };
}

describe('advisory locks in the code', () => {
  it('are all transaction-level (a session-level one is neither released nor exclusive behind PgBouncer)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(p);
        } else if (/\.(ts|tsx|mjs|js|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          const text = fs.readFileSync(p, 'utf8');
          if (/pg_(try_)?advisory_lock(_shared)?\s*\(/i.test(text)) offenders.push(path.relative(root, p));
        }
      }
    };
    for (const dir of ['api/src', 'api/drizzle', 'api/bench', 'deploy/src']) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
