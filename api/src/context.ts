import type { Database, Db } from './db/client';
import type { ApiConfig } from './env';
import type { Logger } from './lib/logger';
import type { Secrets } from './lib/secrets';
import type { RateLimiter } from './lib/rate-limiter';
import type { Mailer } from './mail/mailer';
import type { ReleaseConsolePort } from './modules/releases/port';
import type { SeedResult } from './seed';

/**
 * Everything a request needs that outlives it; one per process (no per-instance state in memory).
 * Types only: every module may depend on it without depending on how it is built (`create-context.ts`).
 */
export interface ApiContext {
  config: ApiConfig;
  db: Db;
  database: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** Encrypts what the database keeps secret (single sign-on's client secrets); null without a key (lib/secrets.ts). */
  secrets: Secrets | null;
  /** DNS TXT lookups (domain verification); node's resolver, a stub in tests. */
  resolveTxt(domain: string): Promise<string[][]>;
  /** What the start did about the first super admin. */
  seed: SeedResult;
  /** The release store's actions, when the host process owns the store (the portal server); absent in a standalone api. */
  releaseConsole?: ReleaseConsolePort;
  close(): Promise<void>;
}
