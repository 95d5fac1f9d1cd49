import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TRIP_RULES } from '@portal/shared-contracts';

/** `<repo root>/.data`: the api package sits one level under the repository root. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'expected true/false (1/0)' });
      return z.NEVER;
    });

/**
 * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For. The client address
 * is the entry the outermost of them appended, counted from the right: whatever a client writes into
 * the header itself stays to the left of it and is never taken. `true` is one proxy, `false` none.
 */
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || ['0', 'false', 'no', 'off'].includes(v)) return 0;
    if (['true', 'yes', 'on'].includes(v)) return 1;
    if (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10) return Number(v);
    ctx.addIssue({ code: 'custom', message: 'expected false, true or the number of proxies in front (1 to 10)' });
    return z.NEVER;
  });

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  /** DATABASE_URL points at PgBouncer in transaction pooling: no named prepared statements. */
  DATABASE_PGBOUNCER: bool(false),
  PUBLIC_URL: z
    .string()
    .trim()
    .default('http://localhost:8080')
    .refine((v) => /^https?:\/\/[^/\s]+/.test(v), 'must be an http(s) URL such as https://portal.example.com')
    .transform((v) => v.replace(/\/+$/, '')),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().default('Commute Portal <no-reply@localhost>'),
  /** Where replies to the portal's mails go (e.g. the support desk); unset, replies go to MAIL_FROM. */
  MAIL_REPLY_TO: optionalString,
  SUPERADMIN_EMAIL: optionalString.refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be an email address'),
  SUPERADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, 'must be at least 8 characters'),
  COOKIE_SECURE: bool(true),
  TRUST_PROXY: proxyHops,
  EXPOSE_OUTBOX: bool(false),
  NODE_ENV: optionalString,
  /** Demo companies and logins at start (printed once); the portal server turns it on. */
  DEMO_DATA: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(5260),
  API_HOST: z.string().trim().default('127.0.0.1'),
  /**
   * The key the stored secrets (a company's OpenID client secret) are encrypted under. Unset: the
   * embedded default generates one in DATA_DIR/secrets.key; with DATABASE_URL every instance must
   * share one, so single sign-on cannot be configured until it is set.
   */
  SECRETS_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters (e.g. openssl rand -base64 32)'),
  /** Employees of every demo company instead of the demo's own numbers (0: none); a smaller demo starts faster. */
  DEMO_EMPLOYEES: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Where the demo's identity provider listens on 127.0.0.1 (DEMO_DATA; Riverside's single sign-on). */
  DEMO_OIDC_PORT: z.coerce.number().int().min(1).max(65535).default(5270),
  /** The mobile app's redirect URIs (its URL scheme) a single sign-on may end at, comma-separated. */
  SSO_APP_REDIRECT_URIS: z.string().trim().default('commuteapp://sso-callback'),
  /** Scales every auth rate limit (e.g. 100 for a load test); 0 turns them off. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0).default(1),
});

/** Per window: how many attempts before an answer 429 (hard) or a delay (soft). */
export interface RateLimits {
  windowSeconds: number;
  /** Failed logins for one account from one address. */
  loginPerAccountAddress: number;
  /** Failed logins for one account from anywhere: over it, answers slow down (no lockout). */
  loginPerAccountSoft: number;
  /** Login attempts from one address. */
  loginPerAddress: number;
  registerPerAccount: number;
  registerPerAddress: number;
  forgotPerAccount: number;
  forgotPerAddress: number;
  /** Anonymous employee sign-ups (the shared link) for one email, from one address, into one company. */
  selfRegisterPerAccount: number;
  selfRegisterPerAddress: number;
  selfRegisterPerCompany: number;
  /** Single sign-on's domain lookups and starts from one address. */
  ssoPerAddress: number;
  /** Email addresses one company may check by adding employees (manual list, CSV) in an hour. */
  importAddressesPerCompanyHour: number;
  /** Messages to support (Help & Support) per hour from one user, and from one company's users together. */
  supportPerUserHour: number;
  supportPerCompanyHour: number;
  /** Release-health batches (POST /api/telemetry) per minute from one browser session, and from one address. */
  telemetryPerClient: number;
  telemetryPerAddress: number;
  /** Trips one driver may record in a minute (`POST /api/trips`; counted on the trips themselves, so a retry or a refused trip is not one). */
  tripsPerDriverMinute: number;
  /** Delay added per failed attempt over the soft limit, capped by `maxDelayMs`. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowSeconds: 15 * 60,
  loginPerAccountAddress: 10,
  loginPerAccountSoft: 20,
  loginPerAddress: 100,
  registerPerAccount: 5,
  registerPerAddress: 20,
  forgotPerAccount: 5,
  forgotPerAddress: 30,
  selfRegisterPerAccount: 5,
  selfRegisterPerAddress: 50,
  selfRegisterPerCompany: 300,
  // A login page asks once per address typed and once per start; an office shares one address.
  ssoPerAddress: 300,
  importAddressesPerCompanyHour: 25_000,
  supportPerUserHour: 5,
  supportPerCompanyHour: 20,
  // A shell sends a batch on page hide and every 30 s; an office behind one address has many browsers.
  telemetryPerClient: 6,
  telemetryPerAddress: 600,
  tripsPerDriverMinute: TRIP_RULES.maxTripsPerMinute,
  delayStepMs: 250,
  maxDelayMs: 3_000,
};

export interface ApiConfig {
  dataDir: string;
  /** Where PGlite keeps its files (unused when `databaseUrl` is set); `memory://` for a throwaway database. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_PGBOUNCER: the connection is PgBouncer's (transaction pooling), so statements are sent unnamed. */
  databasePgbouncer: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailReplyTo: string | undefined;
  superAdminEmail: string | undefined;
  superAdminPassword: string | undefined;
  cookieSecure: boolean;
  /** TRUST_PROXY: the proxies in front whose X-Forwarded-For entries are believed (0: none; the socket's address is the client's). */
  trustProxy: number;
  /** Enables `GET /api/dev/outbox` for super admins; refused unless PUBLIC_URL is loopback and NODE_ENV is not production. */
  exposeOutbox: boolean;
  /** Create the demo companies and logins at start (`src/demo`), once. */
  demoData: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  apiPort: number;
  apiHost: string;
  rateLimits: RateLimits;
  /** NODE_ENV=production: a loopback OpenID issuer over plain http is refused (single sign-on). */
  production: boolean;
  /** SECRETS_KEY, when set (see create-context.ts for the embedded default). */
  secretsKey: string | undefined;
  /** Where the mobile app's single sign-on may end (SSO_APP_REDIRECT_URIS). */
  ssoAppRedirectUris: string[];
  /** DEMO_OIDC_PORT: the demo's identity provider. */
  demoOidcPort: number;
  /** DEMO_EMPLOYEES: employees per demo company, when set. */
  demoEmployees: number | undefined;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * The development outbox shows every mail, reset and invitation links included: a deployment that
 * others can reach must never serve it, whoever signs in.
 */
function refuseOutboxOutsideDevelopment(publicUrl: string, nodeEnv: string | undefined): void {
  if (nodeEnv === 'production') {
    throw new ConfigError('EXPOSE_OUTBOX', 'must not be set with NODE_ENV=production: the development outbox shows every mail, reset links included');
  }
  if (!isLoopbackUrl(publicUrl)) {
    throw new ConfigError(
      'EXPOSE_OUTBOX',
      `must not be set when PUBLIC_URL (${publicUrl}) is not a loopback address (localhost, 127.0.0.1, [::1]): the development outbox shows every mail, reset links included`,
    );
  }
}

/** The api's only reader of the environment; a bad variable stops the start with its name. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  if (e.EXPOSE_OUTBOX) refuseOutboxOutsideDevelopment(e.PUBLIC_URL, e.NODE_ENV);
  const dataDir = path.resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR);
  const m = e.RATE_LIMIT_MULTIPLIER;
  const scale = (n: number) => (m === 0 ? Number.MAX_SAFE_INTEGER : Math.max(1, Math.round(n * m)));
  const rl = DEFAULT_RATE_LIMITS;
  return {
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    databasePgbouncer: e.DATABASE_PGBOUNCER,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailReplyTo: e.MAIL_REPLY_TO,
    superAdminEmail: e.SUPERADMIN_EMAIL?.toLowerCase(),
    superAdminPassword: e.SUPERADMIN_PASSWORD,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    exposeOutbox: e.EXPOSE_OUTBOX,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    apiPort: e.API_PORT,
    apiHost: e.API_HOST,
    production: e.NODE_ENV === 'production',
    secretsKey: e.SECRETS_KEY,
    demoOidcPort: e.DEMO_OIDC_PORT,
    demoEmployees: e.DEMO_EMPLOYEES,
    ssoAppRedirectUris: e.SSO_APP_REDIRECT_URIS.split(',').map((u) => u.trim()).filter(Boolean),
    rateLimits: {
      ...rl,
      loginPerAccountAddress: scale(rl.loginPerAccountAddress),
      loginPerAccountSoft: scale(rl.loginPerAccountSoft),
      loginPerAddress: scale(rl.loginPerAddress),
      registerPerAccount: scale(rl.registerPerAccount),
      registerPerAddress: scale(rl.registerPerAddress),
      forgotPerAccount: scale(rl.forgotPerAccount),
      forgotPerAddress: scale(rl.forgotPerAddress),
      selfRegisterPerAccount: scale(rl.selfRegisterPerAccount),
      selfRegisterPerAddress: scale(rl.selfRegisterPerAddress),
      selfRegisterPerCompany: scale(rl.selfRegisterPerCompany),
      importAddressesPerCompanyHour: scale(rl.importAddressesPerCompanyHour),
      supportPerUserHour: scale(rl.supportPerUserHour),
      supportPerCompanyHour: scale(rl.supportPerCompanyHour),
      ssoPerAddress: scale(rl.ssoPerAddress),
      telemetryPerClient: scale(rl.telemetryPerClient),
      telemetryPerAddress: scale(rl.telemetryPerAddress),
      tripsPerDriverMinute: scale(rl.tripsPerDriverMinute),
    },
  };
}
