import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
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

const testHashes = new Map<string, Promise<string>>();

/**
 * The super admin's password hashed once a process: `reset()` seeds the account before every test,
 * and an argon2 hash (OWASP's cost, the production one) is some 18 ms of processor each time.
 */
function testPasswordHash(password: string): Promise<string> {
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
  return {
    app,
    ctx,
    async reset() {
      await ctx.mailer.flush();
      await ctx.db.execute(sql.raw(`truncate table ${APP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
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
