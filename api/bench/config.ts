import { DEFAULT_RATE_LIMITS, loadApiConfig, type ApiConfig } from '../src/env';

/** A logger that says nothing: a benchmark prints its own figures. */
export const quietLog = { info() {}, warn() {}, error() {} } as never;

/** The api's configuration for a benchmark: the given PostgreSQL (or in-memory PGlite), no mail, no demo data, the default limits. */
export function benchConfig(databaseUrl: string | undefined): ApiConfig {
  return {
    ...loadApiConfig(),
    databaseUrl,
    pgliteDir: 'memory://',
    logLevel: 'silent',
    smtpUrl: undefined,
    demoData: false,
    superAdminEmail: 'root@bench.example',
    superAdminPassword: 'Bench-root-pass-1',
    rateLimits: { ...DEFAULT_RATE_LIMITS },
  };
}
