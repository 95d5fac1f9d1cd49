import { sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { AccountlessActor } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import { eraseEmployee } from './erase';

/**
 * How long each kind of row is kept (docs/retention.md says what and why for every table). What is
 * not here is kept while the company exists, or is swept by its own module (telemetry: 30 and 7
 * days; rate limits and expired sessions also at start-up).
 */
export const RETENTION = {
  /** Reset and invitation links, after they expired. */
  resetTokensDays: 30,
  /** A provider sign-in that was never finished or was exchanged, after it expired. */
  ssoLoginsDays: 1,
  /** The authentication log (ASVS 16: long enough to investigate an incident). */
  authEventsDays: 365,
  /** Mail kept, sent or given up, after it was written. */
  mailDays: 90,
  /** The audit log, and the dates of an erasure request once met: six years (Limitation Act 1980, s.5). */
  auditYears: 6,
  /** A deactivated employee is erased this long after their deactivation. */
  deactivatedEmployeeYears: 2,
  /** At most this many erasures a pass: a large backlog is worked through hour by hour. */
  erasuresPerPass: 200,
} as const;

/** Who the audit log names for an erasure the schedule carried out. */
export const RETENTION_ACTOR: AccountlessActor = { userId: null, name: MESSAGES.dataRights.retentionActor, email: null, role: null };

export interface RetentionReport {
  deleted: Record<string, number>;
  erased: number;
  failed: number;
}

async function count(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return r?.n ?? 0;
}

/**
 * One pass of the retention schedule at `now` (a test passes its own clock): deletes what is past
 * its time, then erases employees whose request is due or who left long enough ago, each in its own
 * savepoint so one failure does not hold back the others.
 */
export async function sweepRetention(db: Db, now: Date, log?: Logger): Promise<RetentionReport> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const deleted: Record<string, number> = {
    sessions: await count(db, sql`delete from sessions where expires_at < ${at} or (not remember and last_seen_at < ${at} - interval '1 day')`),
    password_reset_tokens: await count(db, sql`delete from password_reset_tokens where expires_at < ${at} - make_interval(days => ${RETENTION.resetTokensDays})`),
    sso_logins: await count(db, sql`delete from sso_logins where expires_at < ${at} - make_interval(days => ${RETENTION.ssoLoginsDays})`),
    rate_limits: await count(db, sql`delete from rate_limits where reset_at <= ${at}`),
    auth_events: await count(db, sql`delete from auth_events where created_at < ${at} - make_interval(days => ${RETENTION.authEventsDays})`),
    mail_outbox: await count(
      db,
      sql`delete from mail_outbox where status in ('kept', 'sent', 'failed') and created_at < ${at} - make_interval(days => ${RETENTION.mailDays})`,
    ),
    audit_log: await count(db, sql`delete from audit_log where created_at < ${at} - make_interval(years => ${RETENTION.auditYears})`),
    erasure_requests: await count(
      db,
      sql`delete from erasure_requests where completed_at < ${at} - make_interval(years => ${RETENTION.auditYears})`,
    ),
  };
  const due = await rows<{ id: string }>(
    db,
    sql`select user_id as id from erasure_requests where completed_at is null and user_id is not null and due_at <= ${at}
      union
      select id from users where role = 'Employee' and erased_at is null and not is_active
        and deactivated_at < ${at} - make_interval(years => ${RETENTION.deactivatedEmployeeYears})
      limit ${RETENTION.erasuresPerPass}`,
  );
  let erased = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await eraseEmployee(db, RETENTION_ACTOR, null, id);
      erased += 1;
    } catch (err) {
      failed += 1;
      log?.error({ err, userId: id }, 'retention: an erasure failed');
    }
  }
  return { deleted, erased, failed };
}
