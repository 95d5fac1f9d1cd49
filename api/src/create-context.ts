import { Resolver } from 'node:dns/promises';
import type { ApiContext } from './context';
import { openDatabase } from './db/client';
import { seedDemo } from './demo';
import { startDemoSso } from './demo/sso';
import type { ApiConfig } from './env';
import { createConsoleLogger, type Logger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limiter';
import { createSecrets, resolveSecretsKey } from './lib/secrets';
import { createMailer } from './mail/mailer';
import { sweepSessions } from './lib/sessions';
import { startBillingJob } from './modules/billing/job';
import { startTelemetryJob } from './modules/telemetry/job';
import { startRetentionJob } from './modules/data-rights/job';
import { startMonthlyReportJob } from './modules/monthly-reports/job';
import { seedSuperAdmin } from './seed';

export interface CreateApiContextOptions {
  log?: Logger;
  /** Start an in-memory PGlite from this migrated dump (tests). */
  pgliteTemplate?: string;
}

/** Opens the database, applies migrations, seeds the first super admin. */
export async function createApiContext(config: ApiConfig, options: CreateApiContextOptions = {}): Promise<ApiContext> {
  const log = options.log ?? createConsoleLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgbouncer: config.databasePgbouncer,
    pgliteDir: config.pgliteDir,
    pgliteTemplate: options.pgliteTemplate,
    log,
  });
  try {
    await database.migrate();
    const seed = await seedSuperAdmin(database.db, {
      email: config.superAdminEmail,
      password: config.superAdminPassword,
      log,
    });
    if (config.demoData) await seedDemo({ db: database.db, log }, config.demoEmployees === undefined ? {} : { employeesPerCompany: config.demoEmployees });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      replyTo: config.mailReplyTo,
      db: database.db,
      log,
      soleInstance: database.kind === 'pglite',
    });
    const limiter = createRateLimiter(database.db);
    await limiter.sweep();
    await sweepSessions(database.db);
    const secretsKey = await resolveSecretsKey(config);
    // A lookup that hangs must not hold a request: 5 s, two tries.
    const resolver = new Resolver({ timeout: 5_000, tries: 2 });
    const secrets = secretsKey ? createSecrets(secretsKey) : null;
    const demoSso = config.demoData ? await startDemoSso({ db: database.db, log, config, secrets }) : null;
    // Starts the trials of companies that finished setup, invoices every period that has begun
    // (exactly once across instances) and tells companies whose trial ended, now and hourly.
    const billingJob = await startBillingJob(database.db, log, { mailer, publicUrl: config.publicUrl });
    // Release-health minutes past their 30 days, now and hourly.
    const telemetryJob = await startTelemetryJob(database.db, log);
    // The retention schedule (docs/retention.md): what is past its time, and erasures due, now and hourly.
    const retentionJob = await startRetentionJob(database.db, database.kind, log);
    // Monthly reports by mail on each company's first working day, exactly once per recipient and month.
    const monthlyReportJob = await startMonthlyReportJob(database.db, log, { mailer, publicUrl: config.publicUrl });
    return {
      config,
      db: database.db,
      database,
      mailer,
      limiter,
      log,
      seed,
      secrets,
      resolveTxt: (domain) => resolver.resolveTxt(domain),
      async close() {
        await demoSso?.close();
        await billingJob.stop();
        await telemetryJob.stop();
        await retentionJob.stop();
        await monthlyReportJob.stop();
        await mailer.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
