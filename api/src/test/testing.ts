import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { createApp } from '../app';
import type { ApiContext } from '../context';
import { createApiContext } from '../create-context';
import { ensurePgTemplate, ensurePgliteTemplate, withDatabase } from '../db/template';
import { DEFAULT_RATE_LIMITS, loadApiConfig, type ApiConfig } from '../env';
import { silentLogger, type Logger } from '../lib/logger';
import { hashPassword } from '../lib/passwords';
import { OVERLOAD_OFF, type OverloadLimits } from '../plugins/overload';
import { seedSuperAdmin } from '../seed';
import { forgetLocalLimits } from '../modules/telemetry/local-limits';
import { forgetPublishedVersions } from '../modules/telemetry/published';
import { forgetSendersSeen } from '../modules/telemetry/service';

export const TEST_SUPERADMIN = { email: 'root@portal.test', password: 'Root-password-123' } as const;

/** Every table the api owns, emptied between tests. Later migrations add theirs here. */
export const APP_TABLES = [
  'audit_log',
  'telemetry_minutes',
  'telemetry_error_samples',
  'telemetry_senders',
  'release_versions',
  'invoices',
  'invoice_counters',
  'subscriptions',
  'auth_events',
  'rate_limits',
  'mail_outbox',
  'password_reset_tokens',
  'sso_logins',
  'sso_identities',
  'sso_domains',
  'sso_connections',
  'sessions',
  'driver_verification_events',
  'employer_users',
  'incentives',
  'locations',
  'users',
  'companies',
  'scheme_settings',
] as const;

/** The one statement the suite emptied the tables with until 2026-11: it still defines what `reset()` leaves. */
export const TRUNCATE_APP_TABLES = `truncate table ${APP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(quoteLiteral).join(', ')}]::text[]`;

/**
 * What `TRUNCATE_APP_TABLES` does, read once per database from its catalog:
 * - `tables`: APP_TABLES and every table referencing one of them, directly or not (what `cascade`
 *   reaches), all emptied;
 * - `sequences`: those owned by their columns (what `restart identity` restarts), with their start;
 * - `truncateTriggers`: the bodies of the statement triggers that fire after the truncate of those
 *   tables. They write tables outside that set (counters emptied, list versions bumped: migrations
 *   0031, 0038, 0045...), which therefore keep rows from test to test, bumped by each truncate.
 * `unfit` names a trigger whose body cannot be run inline (declarations, `TG_` variables, a BEFORE
 * trigger): `reset()` then truncates, as it did before.
 */
export interface ResetPlan {
  tables: string[];
  sequences: { name: string; start: string }[];
  truncateTriggers: { table: string; trigger: string; body: string }[];
  unfit: string[];
}

/** `BEGIN <statements> RETURN NULL; END`: the shape a truncate trigger's body is run inline in. */
const INLINE_BODY = /^\s*BEGIN\b([\s\S]*?)\bRETURN\s+NULL\s*;\s*END\s*;?\s*$/i;
const NOT_INLINE = /\b(TG_\w+|RETURN|DECLARE|NEW|OLD|EXCEPTION)\b|\$reset\$/i;

export async function readResetPlan(db: Db): Promise<ResetPlan> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`with recursive reached(oid) as (
            select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = current_schema() and c.relname = any(${sql.raw(textArray(APP_TABLES))})
            union
            select k.conrelid from pg_constraint k join reached r on k.confrelid = r.oid where k.contype = 'f'
          )
          select c.relname as name from reached r join pg_class c on c.oid = r.oid order by c.relname`,
    )
  ).map((t) => t.name);
  const inPlan = sql.raw(textArray(tables));
  const sequences = await rows<{ name: string; start: string }>(
    db,
    sql`select s.relname as name, q.seqstart::text as start
          from pg_depend d
          join pg_class s on s.oid = d.objid and s.relkind = 'S'
          join pg_sequence q on q.seqrelid = s.oid
          join pg_class t on t.oid = d.refobjid
          join pg_namespace n on n.oid = t.relnamespace
         where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
           and n.nspname = current_schema() and t.relname = any(${inPlan})
         order by s.relname`,
  );
  const triggers = await rows<{ table: string; trigger: string; source: string; language: string; before: boolean }>(
    db,
    sql`select c.relname as "table", g.tgname as "trigger", p.prosrc as source, l.lanname as language, (g.tgtype & 2) <> 0 as before
          from pg_trigger g
          join pg_class c on c.oid = g.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = g.tgfoid
          join pg_language l on l.oid = p.prolang
         where not g.tgisinternal and g.tgenabled <> 'D' and (g.tgtype & 32) <> 0
           and n.nspname = current_schema() and c.relname = any(${inPlan})
         order by c.relname, g.tgname`,
  );
  const truncateTriggers: ResetPlan['truncateTriggers'] = [];
  const unfit: string[] = [];
  for (const g of triggers) {
    const body = INLINE_BODY.exec(g.source)?.[1];
    if (g.language !== 'plpgsql' || g.before || body === undefined || NOT_INLINE.test(body)) unfit.push(`${g.table}.${g.trigger}`);
    else truncateTriggers.push({ table: g.table, trigger: g.trigger, body: body.trim() });
  }
  return { tables, sequences, truncateTriggers, unfit };
}

/**
 * The statement `reset()` empties the tables with, in place of `TRUNCATE_APP_TABLES` (undefined
 * when the plan has a truncate trigger it cannot run inline). One statement, so one round trip and
 * one transaction:
 * 1. it locks the tables as the truncate did: a transaction still writing (a request's, a batch's)
 *    ends before the reset, and does not write into the emptied tables after it;
 * 2. with triggers silent (`session_replication_role = replica`, this transaction only, also the
 *    foreign keys' checks) it deletes every row of those tables, as the truncate empties them
 *    without firing row triggers;
 * 3. it sets the owned sequences back to their start, as `restart identity` does;
 * 4. with triggers on again, it runs the truncate triggers' bodies, as they run after the truncate:
 *    the counters they empty, the list versions they bump.
 */
export function resetStatement(plan: ResetPlan): string | undefined {
  if (plan.unfit.length > 0) return undefined;
  return `do $reset$
declare t text;
begin
  perform set_config('session_replication_role', 'replica', true);
  lock table ${plan.tables.map(quoteIdent).join(', ')} in access exclusive mode;
  foreach t in array ${textArray(plan.tables)} loop
    execute format('delete from %I', t);
  end loop;
${plan.sequences.map((q) => `  perform setval(${quoteLiteral(quoteIdent(q.name))}, ${q.start}, false);`).join('\n')}
  perform set_config('session_replication_role', 'origin', true);
${plan.truncateTriggers.map((g) => `  -- ${g.table}.${g.trigger}\n  ${g.body.replace(/\n\s*/g, '\n  ')}`).join('\n')}
end
$reset$`;
}

interface Emptying {
  statement?: string;
  /** The truncate, as before: asked for, a trigger not run inline, or a server refusing the role. */
  truncate?: boolean;
}

/**
 * Leaves the database as `TRUNCATE_APP_TABLES` does, without truncating: a truncate gives each of
 * some 45 tables and their indexes new files, catalog rows and cache invalidations, empty or not,
 * and was most of a reset's time, where most tests write a handful of tables. `resetStatement`
 * tells how; `reset.test.ts` checks that the database it leaves equals the truncate's.
 */
async function emptyAppTables(db: Db, emptying: Emptying): Promise<void> {
  if (emptying.statement === undefined && !emptying.truncate) {
    const statement = resetStatement(await readResetPlan(db));
    if (statement === undefined) emptying.truncate = true;
    else emptying.statement = statement;
  }
  if (emptying.truncate) {
    await db.execute(sql.raw(TRUNCATE_APP_TABLES));
    return;
  }
  try {
    await db.execute(sql.raw(emptying.statement!));
  } catch (err) {
    // 42501: not allowed to set session_replication_role (a server where the suite is no superuser).
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) !== '42501') throw err;
    emptying.truncate = true;
    await db.execute(sql.raw(TRUNCATE_APP_TABLES));
  }
}

const testHashes = new Map<string, Promise<string>>();

/**
 * A test password hashed once a process: `reset()` seeds the super admin before every test, and
 * set-ups make the same accounts before every test; an argon2 hash (OWASP's cost, the production
 * one) is some 18 ms of processor each time. A hash is as good for signing in as a fresh one.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hash = testHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    testHashes.set(password, hash);
  }
  return hash;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: ApiContext;
  /** Empties every table and seeds the super admin again: call it in `beforeEach`. */
  reset(): Promise<void>;
  close(): Promise<void>;
}


export interface TestAppOptions {
  config?: Partial<ApiConfig>;
  log?: Logger;
  /** The overload guard's limits; off unless set (its own tests register it with real ones). */
  overload?: Partial<OverloadLimits>;
  /**
   * How the app reaches its database on the PostgreSQL server (e.g. through PgBouncer): the test
   * database is created and dropped on the server itself, the app connects to `reach(url)`.
   */
  reach?: (databaseUrl: string) => string;
  /** Fastify options over the api's own (e.g. shorter time limits for a test of them). */
  server?: FastifyServerOptions;
  /** `reset()` truncates, as it did before it deleted (`reset.test.ts` compares the two). */
  resetByTruncate?: boolean;
}

/**
 * A fresh migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a new database on that server (dropped again by `close`). Test files then run in parallel
 * without seeing each other.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const base = loadApiConfig();
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (base.databaseUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    // A copy of the migrated template (made by the global setup, or here once if not): copying its
    // files costs a fraction of running every migration in each file.
    const template = await ensurePgTemplate(base.databaseUrl);
    const admin = postgres(base.databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${template}"`);
    await admin.end();
    const url = withDatabase(base.databaseUrl, name);
    databaseUrl = options.reach ? options.reach(url) : url;
    dropDatabase = async () => {
      const a = postgres(base.databaseUrl!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    };
  }
  const config: ApiConfig = {
    ...base,
    databaseUrl,
    pgliteDir: 'memory://',
    publicUrl: 'https://portal.test',
    smtpUrl: undefined,
    superAdminEmail: TEST_SUPERADMIN.email,
    superAdminPassword: TEST_SUPERADMIN.password,
    cookieSecure: true,
    trustProxy: 0,
    exposeOutbox: false,
    demoData: false,
    logLevel: 'silent',
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    secretsKey: 'a test key of the stored secrets, 32+ chars',
    ...options.config,
  };
  const log = options.log ?? silentLogger;
  // Made by the global setup; made here (once, atomically) if not, never skipped: a database
  // created and migrated from nothing costs each file seconds of processor.
  const pgliteTemplate = config.databaseUrl ? undefined : await ensurePgliteTemplate();
  const ctx = await createApiContext(config, { log, ...(pgliteTemplate ? { pgliteTemplate } : {}) });
  // The overload guard answers 503 when the event loop lags; a test machine's load is not what these
  // tests are about, so it is off unless a test sets its limits (the guard has its own tests).
  const app = await createApp(ctx, options.server ?? {}, { overload: options.overload ?? OVERLOAD_OFF });
  const emptying: Emptying = options.resetByTruncate ? { truncate: true } : {};
  return {
    app,
    ctx,
    async reset() {
      await ctx.mailer.flush();
      await emptyAppTables(ctx.db, emptying);
      // What the process remembers of the emptied tables goes with them.
      forgetSendersSeen(ctx.db);
      forgetPublishedVersions(ctx.db);
      forgetLocalLimits(ctx.db);
      // The scheme's one settings row, with its defaults, as migration 0019 made it.
      await ctx.db.execute(sql`insert into scheme_settings (id) values (true)`);
      await seedSuperAdmin(ctx.db, {
        email: config.superAdminEmail,
        password: config.superAdminPassword,
        passwordHash: config.superAdminPassword === undefined ? undefined : await testPasswordHash(config.superAdminPassword),
        log,
      });
    },
    async close() {
      await app.close();
      await ctx.close();
      await dropDatabase?.();
    },
  };
}
