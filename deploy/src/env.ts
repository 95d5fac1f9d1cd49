import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const flag = z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** localhost, 127.0.0.0/8 and [::1]: the machine the browser or the server runs on. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** The variables the portal server reads; everything else in the environment is handed to the api. */
const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: optionalString,
  SHELL_DIR: optionalString,
  RELEASE_STORE: optionalString,
  /**
   * Either the base URL the remotes are served from when the store is not this server (a CDN), or
   * `s3://bucket/prefix`: the release store itself is on S3-compatible object storage.
   */
  RELEASE_STORE_URL: optionalUrl.refine(
    (v) => v === undefined || /^https?:\/\//i.test(v) || /^s3:\/\/[^/?#]+(?:\/[^?#]*)?$/i.test(v),
    'use an https:// base URL or s3://bucket/prefix',
  ),
  /** An S3-compatible server (e.g. http://127.0.0.1:9000) for an s3:// store, addressed path-style; unset: AWS. */
  S3_ENDPOINT: optionalUrl,
  AWS_REGION: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  /** A separate api to proxy /api to; unset means the api runs inside this process. */
  API_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  /**
   * Origins besides loopback from which a remote may be overridden for development (comma
   * separated, e.g. https://dev-remotes.example.com). Served in release.json and allowed by the CSP.
   */
  OVERRIDE_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        const out: string[] = [];
        for (const raw of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
          let url: URL;
          try {
            url = new URL(raw);
          } catch {
            ctx.addIssue({ code: 'custom', message: `"${raw}" is not an origin (e.g. https://remotes.example.com)` });
            return z.NEVER;
          }
          if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/+$/, '')) {
            ctx.addIssue({ code: 'custom', message: `"${raw}" must be an origin only: scheme, host and port, no path` });
            return z.NEVER;
          }
          out.push(url.origin);
        }
        return [...new Set(out)];
      }),
  ),
  /**
   * Whether a remote may be overridden to a development server on loopback (localhost and 127.0.0.1,
   * any port), which the CSP then allows. Unset: on only when PUBLIC_URL is itself loopback, so that
   * a deployed portal never runs code from a user's own machine unless its operators say so.
   */
  DEV_OVERRIDES: z.preprocess(emptyToUndefined, flag.optional()),
  /**
   * Behind reverse proxies: how many of them append to X-Forwarded-For (`true` is one). The client
   * address (rate limits, telemetry senders) is the entry the outermost appended, counted from the
   * right, so nothing a client writes into the header itself is taken.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .union([flag, z.string().regex(/^\d{1,2}$/).transform(Number).pipe(z.number().int().min(1).max(10))], {
        error: 'expected false, true or the number of proxies in front (1 to 10)',
      })
      .default(false)
      .transform((v) => (typeof v === 'number' ? v : v ? 1 : 0)),
  ),
  /**
   * How often (milliseconds) the portal checks guarded canaries against stable: 60 000 by default;
   * a shorter interval is for tests and demos. At least 1 000, at most an hour.
   */
  RELEASE_GUARD_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(3_600_000).default(60_000)),
  /**
   * The key preview links are signed with (HMAC-SHA256, docs/decisions/0046): at least 32 characters,
   * the same on every portal instance and where `pnpm release preview` runs. Unset: one is drawn into
   * the data folder on first use (a single machine).
   */
  PREVIEW_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'use at least 32 characters (e.g. openssl rand -base64 32)').optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  shellDir: string;
  releaseStoreDir: string;
  /** Base URL of a remote release store (no trailing slash), or null when this server serves it. */
  releaseStoreUrl: string | null;
  /** RELEASE_STORE_URL=s3://...: the release store on object storage, or null for the folder store. */
  releaseStoreS3: ReleaseStoreS3Config | null;
  apiUrl: string | null;
  publicUrl: string;
  /** OVERRIDE_ORIGINS: where, besides loopback, a remote may be overridden from. */
  overrideOrigins: string[];
  /** DEV_OVERRIDES: overrides to loopback development servers are accepted (and allowed by the CSP). */
  devOverrides: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** TRUST_PROXY: the proxies in front whose X-Forwarded-For entries are believed (0: none). */
  trustProxy: number;
  /** RELEASE_GUARD_INTERVAL_MS: the release guard's check interval. */
  releaseGuardIntervalMs: number;
  /** PREVIEW_SECRET, or null: preview links are signed with a key kept in the data folder. */
  previewSecret: string | null;
  /** The environment handed to the embedded api's `loadApiConfig`, with the resolved defaults filled in. */
  apiEnv: Record<string, string | undefined>;
}

export interface ReleaseStoreS3Config {
  /** s3://bucket/prefix */
  url: string;
  endpoint: string | null;
  region: string | null;
  /** Null: the AWS SDK's default chain (a pod's web identity, an instance role, a profile). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export class PortalConfigError extends Error {
  override name = 'PortalConfigError';
}

/** Parses the environment once at start-up; a bad value stops the process and names the variable. */
export function loadPortalConfig(env: Record<string, string | undefined> = process.env): PortalConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new PortalConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const resolve = (p: string) => path.resolve(REPO_ROOT, p);
  const dataDir = resolve(e.DATA_DIR ?? '.data');
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const s3Store = e.RELEASE_STORE_URL?.toLowerCase().startsWith('s3://') ? e.RELEASE_STORE_URL : null;
  return {
    port,
    host: e.HOST,
    dataDir,
    shellDir: resolve(e.SHELL_DIR ?? path.join('shell', 'dist')),
    releaseStoreDir: e.RELEASE_STORE ? resolve(e.RELEASE_STORE) : path.join(dataDir, 'releases'),
    releaseStoreUrl: e.RELEASE_STORE_URL && !s3Store ? e.RELEASE_STORE_URL.replace(/\/+$/, '') : null,
    releaseStoreS3: s3Store
      ? {
          url: s3Store,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.AWS_REGION ?? null,
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}) }
              : null,
        }
      : null,
    apiUrl: e.API_URL ? e.API_URL.replace(/\/+$/, '') : null,
    publicUrl,
    overrideOrigins: e.OVERRIDE_ORIGINS,
    devOverrides: e.DEV_OVERRIDES ?? isLoopbackUrl(publicUrl),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    releaseGuardIntervalMs: e.RELEASE_GUARD_INTERVAL_MS,
    previewSecret: e.PREVIEW_SECRET ?? null,
    apiEnv: { ...env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl },
  };
}
