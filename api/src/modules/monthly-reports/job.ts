import { sql } from 'drizzle-orm';
import { MESSAGES, unsubscribeLinks } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { recordAudit, type AccountlessActor } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { monthlyReportMail } from './mail';
import { monthSummary } from './summary';

/** Every 15 minutes: a company's first working day begins at its own midnight, whatever its zone. */
export const MONTHLY_REPORT_EVERY_MS = 15 * 60 * 1000;

export interface MonthlyReportPassOptions {
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
  log?: Logger;
  /** Tests: called after each mail is committed; a throw stops the pass there (a process that dies mid-run). */
  afterEachMail?: (n: number) => void;
}

interface DueRow {
  company_id: string;
  company_name: string;
  month: string;
  recipient_id: string;
  email: string;
}

const JOB_ACTOR: AccountlessActor = { userId: null, name: MESSAGES.monthlyReports.jobActor, email: null, role: null };

/**
 * The recipients due a mail at `now`: of an active company whose local date (its time zone) is on
 * or after the first Monday-to-Friday day of the month, not unsubscribed, and with no claim for the
 * month before yet. A pass after downtime so catches up later in the month; a recipient added
 * during the month gets the month before's report at the next pass.
 */
async function dueRecipients(db: Db, now: Date): Promise<DueRow[]> {
  return rows<DueRow>(
    db,
    sql`with c as (
        select c.id, c.name, (${now.toISOString()}::timestamptz at time zone c.time_zone)::date as local_day from companies c where c.is_active
      ), m as (
        select c.*, date_trunc('month', c.local_day)::date as this_month from c
      ), due as (
        select m.*, (m.this_month - interval '1 month')::date as month from m
        where m.local_day >= m.this_month + case extract(isodow from m.this_month) when 6 then 2 when 7 then 1 else 0 end
      )
      select due.id as company_id, due.name as company_name, to_char(due.month, 'YYYY-MM-DD') as month, r.id as recipient_id, r.email
      from due join monthly_report_recipients r on r.company_id = due.id and r.unsubscribed_at is null
      where not exists (select 1 from monthly_report_deliveries d where d.recipient_id = r.id and d.month = due.month)
      order by due.id, r.created_at, r.id`,
  );
}

/**
 * One pass of the monthly job, safe on any number of api instances at once and after a restart:
 * each mail is queued in the transaction that claims its (recipient, month) row, so a second
 * instance's claim of the same row waits for the first and then finds it taken, and a row claimed
 * before a restart is never claimed again. The mail queue delivers and retries (mail/mailer.ts).
 */
export async function monthlyReportPass(db: Db, o: MonthlyReportPassOptions): Promise<{ queued: number }> {
  const now = o.now ?? new Date();
  const due = await dueRecipients(db, now);
  const summaries = new Map<string, Awaited<ReturnType<typeof monthSummary>>>();
  let queued = 0;
  for (const r of due) {
    const key = `${r.company_id}/${r.month}`;
    let summary = summaries.get(key);
    if (!summary) {
      summary = await monthSummary(db, r.company_id, r.month);
      summaries.set(key, summary);
    }
    const s = summary;
    const token = newToken();
    const sent = await db.transaction(async (tx) => {
      const handle = tx as unknown as Db;
      const [claimed] = await rows<{ id: string }>(
        handle,
        sql`insert into monthly_report_deliveries (company_id, recipient_id, month, unsubscribe_token_hash)
          select ${r.company_id}, r.id, ${r.month}::date, ${hashToken(token)} from monthly_report_recipients r
          where r.id = ${r.recipient_id} and r.unsubscribed_at is null
          on conflict (recipient_id, month) do nothing returning id`,
      );
      if (!claimed) return false;
      const mailId = await o.mailer.enqueue(handle, monthlyReportMail(r.email, r.company_name, s, unsubscribeLinks(o.publicUrl, token)), o.log);
      await handle.execute(sql`update monthly_report_deliveries set mail_id = ${mailId} where id = ${claimed.id}`);
      await recordAudit(handle, JOB_ACTOR, {
        action: 'monthlyReport.sent',
        companyId: r.company_id,
        target: { kind: 'settings', id: r.recipient_id, label: r.email },
        detail: r.month.slice(0, 7),
      });
      return true;
    });
    if (!sent) continue;
    queued += 1;
    o.afterEachMail?.(queued);
  }
  if (queued > 0) o.mailer.wake();
  return { queued };
}

export function startMonthlyReportJob(db: Db, log: Logger, o: { mailer: Mailer; publicUrl: string }, everyMs: number = MONTHLY_REPORT_EVERY_MS): Promise<PeriodicJob> {
  return startPeriodic(
    async () => {
      const { queued } = await monthlyReportPass(db, { ...o, log });
      if (queued > 0) log.info({ queued }, 'monthly reports: mails queued');
    },
    { everyMs, log, failure: 'monthly report pass failed' },
  );
}
