import { and, eq, lt, or, sql } from 'drizzle-orm';
import { TRIAL, type Role } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { companies, employerUsers, sessions, users } from '../db/schema';
import type { ClientMeta } from './request-meta';
import { hashToken, newToken } from './tokens';

/**
 * Session lifetimes (ASVS 7.3.1 / 7.3.2). A session ends at whichever comes first: no request for
 * the idle time, or the absolute time since login. "Remember me" gets the longer pair and a
 * persistent cookie; otherwise the cookie ends with the browser.
 */
export const SESSION_TIMEOUTS = {
  idleMs: 60 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  rememberIdleMs: 7 * 24 * 60 * 60 * 1000,
  rememberAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
  /** `last_seen_at` is written at most this often, not on every request. */
  touchEveryMs: 60 * 1000,
} as const;

/** The signed-in caller, as every handler sees it. */
export interface AuthUser {
  sessionId: string;
  userId: string;
  role: Role;
  email: string;
  name: string;
  /** The tenant: null for super admins and for an employer before setup step 1. */
  companyId: string | null;
  employerUserId: string | null;
  signUpState: number;
  /** How the token came: a cookie-borne call must carry the CSRF header to change anything. */
  via: 'cookie' | 'bearer';
  /**
   * The company's employee-list answers version, read with the session (employees/list-cache.ts):
   * a list call answered from memory then needs no statement of its own. Absent where a caller was
   * not resolved from a session.
   */
  listAnswers?: string;
  /**
   * The company's insights version, read with the session (lib/insight-answers.ts): an insight
   * answered from memory then needs no statement of its own. Absent as listAnswers is.
   */
  insightAnswers?: string;
  /**
   * The company's free trial ended past its grace period without a subscription: its changes are
   * refused (402) until one is started (docs/decisions/0033-trial-and-consent.md).
   */
  restricted?: boolean;
  /**
   * An admin limited to some offices: their office ids (none when every one was removed); absent or
   * null for the whole company (docs/decisions/0051-office-administrators.md). Read with the session,
   * so a change applies to the admin's next request.
   */
  offices?: string[] | null;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  remember: boolean;
}

let created = 0;

/** What a session opened through a company's provider keeps of it (logout at the provider, back-channel logout). */
export interface SsoSessionLink {
  issuer: string;
  sid: string | null;
  idTokenEnc: string | null;
}

export async function createSession(db: Db, userId: string, remember: boolean, meta: ClientMeta, sso?: SsoSessionLink): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remember ? SESSION_TIMEOUTS.rememberAbsoluteMs : SESSION_TIMEOUTS.absoluteMs));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    remember,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ...(sso ? { ssoIssuer: sso.issuer, ssoSid: sso.sid, ssoIdTokenEnc: sso.idTokenEnc } : {}),
  });
  // Ended sessions are dropped now and then rather than by a timer (no state between instances).
  if (++created % 200 === 0) void sweepSessions(db).catch(() => {});
  return { token, expiresAt, remember };
}

/**
 * The session check runs on every request, so it is a named prepared statement: on PostgreSQL each
 * pooled connection parses and plans it once, not once a request. With DATABASE_PGBOUNCER=1 the
 * client's `prepare: false` sends it unnamed, as every other statement (db/client.ts).
 */
function lookupStatement(db: Db) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      userActive: users.isActive,
      companyId: users.companyId,
      companyActive: companies.isActive,
      signUpState: companies.signUpState,
      employerUserId: employerUsers.id,
      // One indexed row, in the same statement: see AuthUser.listAnswers.
      listAnswers: sql<string>`(select coalesce(max(v.answers), 0)::text from employee_list_versions v where v.company_id = ${users.companyId})`,
      // One indexed row, in the same statement: see AuthUser.insightAnswers.
      insightAnswers: sql<string>`(select coalesce(max(v.version), 0)::text from insight_versions v where v.company_id = ${users.companyId})`,
      // One row of the company's unique subscription, in the same statement: see AuthUser.restricted.
      restricted: sql<boolean>`exists (select 1 from subscriptions s where s.company_id = ${users.companyId} and s.status = 'Trial'
        and s.trial_ends_at + make_interval(days => ${sql.raw(String(TRIAL.graceDays))}) <= now())`,
      // The admin's offices by primary key, in the same statement: see AuthUser.offices.
      offices: sql<string[] | null>`case when ${users.officeLimited} then array(select ao.office_id::text from admin_offices ao where ao.user_id = ${users.id} order by ao.office_id) end`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(employerUsers, eq(employerUsers.userId, users.id))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare('resolve_sessions');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof lookupStatement>['execute']>>[number];

/** At most this many tokens are looked up by one statement. */
const CHECKS_PER_STATEMENT = 256;

/**
 * The session checks of one database, looked up together: the checks that arrive while the event
 * loop reads its sockets (the requests of one turn of it) are sent as one statement when that turn
 * ends (`setImmediate`), instead of one statement a request. Each check is still read after its
 * request arrived, from the database, so a session ended or a user deactivated before a request
 * came is refused, whichever api instance ended it. Under load this turns tens of statements into
 * one; alone, a check waits only for the end of the turn.
 */
class SessionChecks {
  private waiting = new Map<string, { resolve(row: SessionRow | undefined): void; reject(err: unknown): void }[]>();
  private scheduled = false;
  private readonly statement: ReturnType<typeof lookupStatement>;

  constructor(db: Db) {
    this.statement = lookupStatement(db);
  }

  check(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      const same = this.waiting.get(tokenHash);
      if (same) same.push({ resolve, reject });
      else this.waiting.set(tokenHash, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    this.scheduled = false;
    const waiting = this.waiting;
    this.waiting = new Map();
    const hashes = [...waiting.keys()];
    for (let i = 0; i < hashes.length; i += CHECKS_PER_STATEMENT) {
      const part = hashes.slice(i, i + CHECKS_PER_STATEMENT);
      this.statement.execute({ tokenHashes: part }).then(
        (rows) => {
          const found = new Map(rows.map((r) => [r.tokenHash, r]));
          for (const h of part) for (const w of waiting.get(h)!) w.resolve(found.get(h));
        },
        (err: unknown) => {
          for (const h of part) for (const w of waiting.get(h)!) w.reject(err);
        },
      );
    }
  }
}

const checks = new WeakMap<Db, SessionChecks>();

/** The session checks of `db`, one batcher for the process. */
function sessionChecks(db: Db): SessionChecks {
  let c = checks.get(db);
  if (!c) checks.set(db, (c = new SessionChecks(db)));
  return c;
}

/**
 * The caller of a token, or null when the session is gone, timed out, or its user or company was
 * deactivated since: checked on every request, so revocation takes effect at once.
 */
export async function resolveSession(db: Db, token: string, via: AuthUser['via']): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const row = await sessionChecks(db).check(hashToken(token));
  if (!row) return null;
  const now = Date.now();
  const idle = row.remember ? SESSION_TIMEOUTS.rememberIdleMs : SESSION_TIMEOUTS.idleMs;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idle <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (!row.userActive) return null;
  if (row.companyId && row.companyActive === false) return null;
  if (now - row.lastSeenAt.getTime() > SESSION_TIMEOUTS.touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    role: row.role,
    email: row.email,
    name: row.name,
    companyId: row.companyId,
    employerUserId: row.employerUserId,
    signUpState: row.signUpState ?? 0,
    via,
    listAnswers: row.listAnswers,
    insightAnswers: row.insightAnswers,
    restricted: row.restricted === true,
    offices: row.offices ?? null,
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user: password change or reset, deletion, deactivation, rejection.
 * Other modules call this (or `endCompanySessions`) whenever access must stop at once.
 */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Ends the sessions a provider's logout names (back-channel logout): those of its session id `sid`,
 * or every session of its user `sub` opened through it. Returns how many ended.
 */
export async function endProviderSessions(db: Db, issuer: string, o: { sid?: string | undefined; sub?: string | undefined }): Promise<number> {
  const bySid = o.sid ? sql`(${sessions.ssoIssuer} = ${issuer} and ${sessions.ssoSid} = ${o.sid})` : sql`false`;
  const bySub = o.sub
    ? sql`(${sessions.ssoIssuer} = ${issuer} and ${sessions.userId} in (select user_id from sso_identities where issuer = ${issuer} and subject = ${o.sub}))`
    : sql`false`;
  const ended = await db.delete(sessions).where(sql`${bySid} or ${bySub}`).returning({ id: sessions.id });
  return ended.length;
}

export async function endCompanySessions(db: Db, companyId: string): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${companyId})`);
}

/** Removes sessions past their absolute end (the idle end is checked on use). */
export async function sweepSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now()`), and(eq(sessions.remember, false), lt(sessions.lastSeenAt, sql`now() - interval '1 day'`))));
}
