import type { Db } from '../db/client';
import { authEvents } from '../db/schema';
import type { Logger } from './logger';

export type AuthEventKind =
  | 'login.success'
  | 'login.failure'
  | 'login.company-deactivated'
  | 'logout'
  | 'register'
  | 'register.existing-email'
  | 'password.forgot'
  | 'password.reset'
  | 'password.reset-invalid'
  | 'password.change'
  | 'password.change-failure'
  | 'rate-limited'
  | 'sso.failure'
  | 'sso.join-request'
  | 'sso.backchannel-logout';

export interface AuthEvent {
  kind: AuthEventKind;
  userId?: string | null | undefined;
  email?: string | null | undefined;
  ip?: string | undefined;
  userAgent?: string | undefined;
  detail?: Record<string, unknown>;
}

/** Stored and logged (ASVS 16.3.1). Callers never pass a password or a token. */
export async function recordAuthEvent(db: Db, log: Logger, e: AuthEvent): Promise<void> {
  const email = e.email?.trim().toLowerCase().slice(0, 255) ?? null;
  log.info({ authEvent: e.kind, userId: e.userId ?? undefined, email: email ?? undefined, ...e.detail }, `auth: ${e.kind}`);
  try {
    await db.insert(authEvents).values({
      kind: e.kind,
      userId: e.userId ?? null,
      email,
      ip: e.ip ?? null,
      userAgent: e.userAgent?.slice(0, 300) ?? null,
      detail: e.detail ?? null,
    });
  } catch (err) {
    // The audit trail must not turn a login into a 500.
    log.error({ err }, 'could not store an auth event');
  }
}
