import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { idSchema, isoDateTime, okSchema } from '../entities/session';
import { emailField } from '../forms/fields';
import { MONTHLY_REPORT_MESSAGES } from '../messages/monthly-reports';
import { idParams } from './shared';

// Monthly reports by mail (docs/decisions/0049-monthly-reports-by-mail.md): an employer names up to
// MONTHLY_REPORT_RECIPIENTS_MAX people who get, on the first working day of each month in the
// company's time zone, a summary of the month before; each mail carries a one-click unsubscribe.

const M = MONTHLY_REPORT_MESSAGES.monthlyReports;

export const MONTHLY_REPORT_RECIPIENTS_MAX = 10;
/** The company's time zone when the employer has not chosen one. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** An IANA zone name the runtime knows (`Europe/London`); checked by formatting with it, no pattern. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const monthlyReportRecipientBodySchema = lazySchema(() => z.object({
  email: emailField(255, { tooLong: M.emailTooLong, invalid: M.emailInvalid, required: M.emailInvalid }),
}));
export type MonthlyReportRecipientBody = z.infer<typeof monthlyReportRecipientBodySchema>;

export const monthlyReportTimeZoneBodySchema = lazySchema(() => z.object({
  timeZone: z.string(M.timeZoneInvalid).check(z.maxLength(64, { message: M.timeZoneInvalid, abort: true }), z.refine(isTimeZone, M.timeZoneInvalid)),
}));

export const MONTHLY_REPORT_DELIVERY_STATES = ['kept', 'pending', 'sent', 'failed'] as const;

export const monthlyReportRecipientSchema = lazySchema(() => z.object({
  id: idSchema,
  email: z.string(),
  addedAt: isoDateTime,
  /** Set when the recipient used the mail's unsubscribe: no more mails go to them. */
  unsubscribedAt: z.nullable(isoDateTime),
  /** The latest month's mail: its month (`2026-10`) and where its delivery stands. */
  lastDelivery: z.nullable(
    z.object({
      month: z.string(),
      status: z.enum(MONTHLY_REPORT_DELIVERY_STATES),
      attempts: z.number().check(z.int(), z.nonnegative()),
      /** The mail server's last answer when a delivery failed. */
      lastError: z.nullable(z.string()),
      sentAt: z.nullable(isoDateTime),
    }),
  ),
}));
export type MonthlyReportRecipient = z.infer<typeof monthlyReportRecipientSchema>;

/** The token of an unsubscribe link: 43 URL-safe characters; length first, never a pattern on the unbounded text. */
export const unsubscribeQuerySchema = lazySchema(() => z.object({
  token: z.string(M.tokenInvalid).check(z.minLength(1, { message: M.tokenInvalid, abort: true }), z.maxLength(100, { message: M.tokenInvalid, abort: true })),
}));


const EMPLOYER = ['Employer', 'Admin'] as const;

export const monthlyReports = lazyGroup(() => ({
  recipients: defineEndpoint({
    id: 'monthlyReports.recipients',
    method: 'GET',
    path: '/api/monthly-reports/recipients',
    summary: "The caller's company's monthly report recipients, oldest first, each with its latest delivery, and the company's time zone",
    access: EMPLOYER,
    response: z.extend(okSchema, { timeZone: z.string(), max: z.number(), recipients: z.array(monthlyReportRecipientSchema) }),
    tags: ['monthly-reports'],
  }),
  addRecipient: defineEndpoint({
    id: 'monthlyReports.addRecipient',
    method: 'POST',
    path: '/api/monthly-reports/recipients',
    summary: 'Add a recipient (any email, not necessarily a portal user), at most 10 per company; audited',
    access: EMPLOYER,
    body: monthlyReportRecipientBodySchema,
    response: z.extend(okSchema, { recipient: monthlyReportRecipientSchema }),
    status: 201,
    errors: [409],
    tags: ['monthly-reports'],
  }),
  removeRecipient: defineEndpoint({
    id: 'monthlyReports.removeRecipient',
    method: 'DELETE',
    path: '/api/monthly-reports/recipients/{id}',
    summary: 'Remove a recipient; audited',
    access: EMPLOYER,
    params: idParams,
    response: okSchema,
    tags: ['monthly-reports'],
  }),
  setTimeZone: defineEndpoint({
    id: 'monthlyReports.setTimeZone',
    method: 'PUT',
    path: '/api/monthly-reports/time-zone',
    summary: "The company's time zone (IANA name), which decides when its first working day of a month begins",
    access: EMPLOYER,
    body: monthlyReportTimeZoneBodySchema,
    response: z.extend(okSchema, { timeZone: z.string() }),
    tags: ['monthly-reports'],
  }),
  unsubscribe: defineEndpoint({
    id: 'monthlyReports.unsubscribe',
    method: 'POST',
    path: '/api/monthly-reports/unsubscribe',
    summary: "One-click unsubscribe (RFC 8058) with the mail's token, no sign-in: the recipient gets no more monthly reports; audited",
    access: 'public',
    // RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click` (form-encoded),
    // the portal's page nothing; the body is not read either way.
    query: unsubscribeQuerySchema,
    response: okSchema,
    maxBodyBytes: 1024,
    errors: [404],
    tags: ['monthly-reports'],
  }),
} as const));
