import { sql } from 'drizzle-orm';
import { MESSAGES, type SupportContact, type SupportMessageBody } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { HttpError } from '../../lib/http-error';
import { supportMessageMail } from '../../mail/templates';
import type { AuthUser } from '../../lib/sessions';

/** The window of the per-user and per-company limits on messages to support. */
export const SUPPORT_WINDOW_SECONDS = 60 * 60;

/** The support contact as companies see it: the scheme settings' (changed by super admins in the back office). */
export async function supportContact(db: Db): Promise<SupportContact> {
  const [s] = await rows<{ email: string | null; phone: string | null; hours: string | null }>(
    db,
    sql`select support_email as email, support_phone as phone, support_hours as hours from scheme_settings where id`,
  );
  return { email: s!.email, phone: s!.phone, hours: s!.hours };
}

/**
 * Where messages to support go: the support email of the scheme settings, or, while none is set,
 * every active super admin (someone always reads them).
 */
async function supportRecipients(ctx: ApiContext): Promise<string[]> {
  const found = await rows<{ email: string }>(
    ctx.db,
    sql`select support_email as email from scheme_settings where id and support_email is not null
      union all
      select u.email from users u where u.role = 'SuperAdmin' and u.is_active
        and not exists (select 1 from scheme_settings s where s.id and s.support_email is not null)`,
  );
  return [...new Set(found.map((r) => r.email))];
}

/**
 * A company administrator's message from Help & Support, mailed (outbox or SMTP) to support with
 * the sender's account and company as the session names them. Limited per user and per company in
 * an hour, counted before anything is sent, so a flood costs the sender, not the support desk.
 */
export async function sendSupportMessage(ctx: ApiContext, auth: AuthUser, body: SupportMessageBody): Promise<void> {
  const rl = ctx.config.rateLimits;
  const limited = (retryAfter: number) => new HttpError(429, MESSAGES.support.tooMany, undefined, { 'retry-after': String(Math.max(1, retryAfter)) });
  const byUser = await ctx.limiter.hit(`support:user:${auth.userId}`, SUPPORT_WINDOW_SECONDS);
  if (byUser.count > rl.supportPerUserHour) throw limited(byUser.retryAfter);
  // Counted only past the user's own limit, so one user's refused attempts do not use up the company's.
  if (auth.companyId) {
    const byCompany = await ctx.limiter.hit(`support:company:${auth.companyId}`, SUPPORT_WINDOW_SECONDS);
    if (byCompany.count > rl.supportPerCompanyHour) throw limited(byCompany.retryAfter);
  }

  const [company] = auth.companyId
    ? await rows<{ id: string; name: string }>(ctx.db, sql`select id, name from companies where id = ${auth.companyId}`)
    : [];
  const sender = { name: auth.name, email: auth.email, role: auth.role, companyId: company?.id ?? null, companyName: company?.name ?? null };
  const recipients = await supportRecipients(ctx);
  await ctx.db.transaction(async (tx) => {
    for (const to of recipients) await ctx.mailer.enqueue(tx, supportMessageMail(to, sender, body.subject, body.message));
  });
  ctx.mailer.wake();
}
