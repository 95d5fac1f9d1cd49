import { sql } from 'drizzle-orm';
import { MESSAGES, MONTHLY_REPORT_RECIPIENTS_MAX, type MonthlyReportRecipient } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation, rows, toIso } from '../../db/sql';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { hashToken } from '../../lib/tokens';

interface RecipientRow {
  id: string;
  email: string;
  created_at: Date | string;
  unsubscribed_at: Date | string | null;
  month: string | null;
  status: string | null;
  attempts: number | null;
  last_error: string | null;
  sent_at: Date | string | null;
}

const recipientSql = (companyId: string, where = sql`true`) => sql`
  select r.id, r.email, r.created_at, r.unsubscribed_at, to_char(d.month, 'YYYY-MM') as month,
    coalesce(o.status, case when d.id is not null then 'sent' end) as status, coalesce(o.attempts, 0) as attempts, o.last_error, o.sent_at
  from monthly_report_recipients r
  left join lateral (select d.* from monthly_report_deliveries d where d.recipient_id = r.id order by d.month desc limit 1) d on true
  left join mail_outbox o on o.id = d.mail_id
  where r.company_id = ${companyId} and ${where}
  order by r.created_at, r.id`;

function toRecipient(r: RecipientRow): MonthlyReportRecipient {
  return {
    id: r.id,
    email: r.email,
    addedAt: toIso(r.created_at)!,
    unsubscribedAt: toIso(r.unsubscribed_at),
    lastDelivery:
      r.month && r.status
        ? {
            month: r.month,
            status: r.status as NonNullable<MonthlyReportRecipient['lastDelivery']>['status'],
            attempts: Number(r.attempts ?? 0),
            lastError: r.last_error,
            sentAt: toIso(r.sent_at),
          }
        : null,
  };
}

/** The company's recipients with each one's latest delivery (a mail purged from the outbox reads as sent), and its time zone. */
export async function listRecipients(db: Db, companyId: string) {
  const [company] = await rows<{ time_zone: string }>(db, sql`select time_zone from companies where id = ${companyId}`);
  const list = await rows<RecipientRow>(db, recipientSql(companyId));
  return { timeZone: company?.time_zone ?? 'Europe/London', recipients: list.map(toRecipient) };
}

/**
 * Adds a recipient; the company row is locked for the count, so two adds at once cannot make 11.
 * An address already listed (in any letter case) is a 409.
 */
export async function addRecipient(db: Db, actor: AuditActor, companyId: string, email: string): Promise<MonthlyReportRecipient> {
  try {
    return await db.transaction(async (tx) => {
      const handle = tx as unknown as Db;
      const [company] = await rows<{ id: string }>(handle, sql`select id from companies where id = ${companyId} for update`);
      if (!company) throw notFound(MESSAGES.company.notFound);
      const [count] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from monthly_report_recipients where company_id = ${companyId}`);
      if ((count?.n ?? 0) >= MONTHLY_REPORT_RECIPIENTS_MAX) throw new HttpError(409, MESSAGES.monthlyReports.tooMany(MONTHLY_REPORT_RECIPIENTS_MAX));
      const [inserted] = await rows<{ id: string }>(
        handle,
        sql`insert into monthly_report_recipients (company_id, email) values (${companyId}, ${email})
          on conflict (company_id, lower(email)) do nothing returning id`,
      );
      if (!inserted) throw new HttpError(409, MESSAGES.monthlyReports.duplicate);
      await recordAudit(handle, actor, { action: 'monthlyReport.recipientAdded', companyId, target: { kind: 'settings', id: inserted.id, label: email } });
      const [row] = await rows<RecipientRow>(handle, recipientSql(companyId, sql`r.id = ${inserted.id}`));
      return toRecipient(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES.monthlyReports.duplicate);
    throw err;
  }
}

export async function removeRecipient(db: Db, actor: AuditActor, companyId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.monthlyReports.notFound);
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [gone] = await rows<{ id: string; email: string }>(
      handle,
      sql`delete from monthly_report_recipients where id = ${id.toLowerCase()} and company_id = ${companyId} returning id, email`,
    );
    if (!gone) throw notFound(MESSAGES.monthlyReports.notFound);
    await recordAudit(handle, actor, { action: 'monthlyReport.recipientRemoved', companyId, target: { kind: 'settings', id: gone.id, label: gone.email } });
  });
}

export async function setTimeZone(db: Db, actor: AuditActor, companyId: string, timeZone: string): Promise<void> {
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [changed] = await rows<{ id: string; name: string }>(handle, sql`update companies set time_zone = ${timeZone} where id = ${companyId} returning id, name`);
    if (!changed) throw notFound(MESSAGES.company.notFound);
    await recordAudit(handle, actor, { action: 'company.updated', companyId, target: { kind: 'company', id: changed.id, label: changed.name }, detail: timeZone });
  });
}

/**
 * The mail's token names one delivery, hence its recipient: marked unsubscribed (once; a second use
 * of the link answers the same), audited as the recipient. No sign-in, so the answer says nothing of
 * the company or address.
 */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [found] = await rows<{ id: string; company_id: string; email: string; unsubscribed_at: Date | string | null }>(
      handle,
      sql`select r.id, r.company_id, r.email, r.unsubscribed_at from monthly_report_deliveries d
        join monthly_report_recipients r on r.id = d.recipient_id
        where d.unsubscribe_token_hash = ${hashToken(token)} for update of r`,
    );
    if (!found) throw notFound(MESSAGES.monthlyReports.tokenInvalid);
    if (found.unsubscribed_at) return;
    await handle.execute(sql`update monthly_report_recipients set unsubscribed_at = now() where id = ${found.id}`);
    await recordAudit(handle, { userId: null, name: found.email, email: null, role: null }, {
      action: 'monthlyReport.unsubscribed',
      companyId: found.company_id,
      target: { kind: 'settings', id: found.id, label: found.email },
    });
  });
}
