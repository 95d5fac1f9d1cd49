import type { MailMessage } from './mailer';

/**
 * Every mail is written once, as paragraphs of lines, and sent as plain text and as HTML made from
 * the same lines (multipart/alternative): en-GB, links written out in full and pointing straight at
 * the portal (no redirect, no tracking pixel, no image), nothing but the words below.
 */

/** A line: text, with links given as `{ link }` (written out as the address itself). */
export type MailLine = string | readonly (string | { link: string })[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const parts = (line: MailLine) => (typeof line === 'string' ? [line] : line);

/** The text and HTML bodies of one template: paragraphs are separated by a blank line. */
export function composeMail(subject: string, paragraphs: readonly (readonly MailLine[])[]): { subject: string; text: string; html: string } {
  const text = paragraphs.map((p) => p.map((l) => parts(l).map((x) => (typeof x === 'string' ? x : x.link)).join('')).join('\n')).join('\n\n');
  const body = paragraphs
    .map(
      (p) =>
        `<p>${p
          .map((l) =>
            parts(l)
              .map((x) => (typeof x === 'string' ? escapeHtml(x) : `<a href="${escapeHtml(x.link)}">${escapeHtml(x.link)}</a>`))
              .join(''),
          )
          .join('<br>\n')}</p>`,
    )
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en-GB">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a">',
    body,
    '<p style="color: #595959; font-size: 14px">Commute Portal</p>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}

/** A moment as the mail states it: `15:30 UTC on 25 November 2026` (en-GB). */
export function mailTime(at: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(at);
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  return `${time} UTC on ${date}`;
}

/** The mails the accounts module sends. */

export function passwordResetMail(to: string, link: string, minutes: number, expiresAt: Date = new Date(Date.now() + minutes * 60_000)): MailMessage {
  return {
    to,
    kind: 'password-reset',
    link,
    ...composeMail('Reset your Commute Portal password', [
      ['We received a request to reset the password of your Commute Portal account.'],
      [`Open this link within ${minutes} minutes to choose a new password:`, [{ link }], `The link expires at ${mailTime(expiresAt)} and works once.`],
      ['If you did not ask for this, ignore this mail: your password stays as it is.'],
    ]),
  };
}

export function registrationAttemptMail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  return {
    to,
    kind: 'registration-existing',
    link: loginUrl,
    ...composeMail('Someone tried to create a Commute Portal account with your email', [
      ['Someone (perhaps you) tried to create a new Commute Portal account with this email address,', 'which already has an account.'],
      [['To sign in, go to ', { link: loginUrl }], ['If you forgot your password, reset it at ', { link: forgotUrl }]],
      ['If this was not you, you can ignore this mail.'],
    ]),
  };
}

// ---------------------------------------------------------------- driver verification (the drivers module)

/** What a verification mail carries: the super admin's notes, when there are any. */
function notesParagraph(notes: string | null): string[][] {
  return notes ? [['Notes from the verification team:', ...notes.split('\n')]] : [];
}

/** Whether the driver may now offer lifts, or what is still to be verified. */
function nextStep(bothVerified: boolean, missing: 'driver details' | 'vehicle'): string {
  return bothVerified ? 'You can now offer lifts in the mobile app.' : `You can offer lifts once your ${missing} ${missing === 'vehicle' ? 'is' : 'are'} verified too.`;
}

export function driverVerifiedMail(to: string, firstName: string, notes: string | null, vehicleVerified: boolean): MailMessage {
  return {
    to,
    kind: 'driver-verified',
    ...composeMail('Your driver details are verified', [
      [`Hello ${firstName},`],
      ['Your driving licence has been checked and you are verified as a driver of the Commute Portal lift-sharing scheme.', nextStep(vehicleVerified, 'vehicle')],
      ...notesParagraph(notes),
    ]),
  };
}

export function vehicleVerifiedMail(to: string, firstName: string, registrationNumber: string, notes: string | null, driverVerified: boolean): MailMessage {
  return {
    to,
    kind: 'vehicle-verified',
    ...composeMail('Your vehicle is verified', [
      [`Hello ${firstName},`],
      [`Your vehicle ${registrationNumber} has been checked and verified for the Commute Portal lift-sharing scheme.`, nextStep(driverVerified, 'driver details')],
      ...notesParagraph(notes),
    ]),
  };
}

export function driverRejectedMail(to: string, firstName: string, notes: string): MailMessage {
  return {
    to,
    kind: 'driver-rejected',
    ...composeMail('Your driver details could not be verified', [
      [`Hello ${firstName},`],
      ['We could not verify you as a driver of the Commute Portal lift-sharing scheme, for this reason:', ...notes.split('\n')],
      ['Update your driving licence or vehicle details in the mobile app and we will check them again.'],
    ]),
  };
}

// ---------------------------------------------------------------- billing and support

/** A day as a mail states it: `25 November 2026` (en-GB, UK calendar). */
export function mailDay(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(at);
}

/**
 * The invoice job's mail when a company's free trial ends without a subscription: sent once per
 * company, to its address and to its administrators (docs/decisions/0033-trial-and-consent.md).
 */
export function trialEndedMail(to: string, companyName: string, endedAt: Date, graceEndsAt: Date, billingLink: string): MailMessage {
  return {
    to,
    kind: 'trial-ended',
    link: billingLink,
    ...composeMail(`Your Commute Portal free trial has ended`, [
      [`The free trial of ${companyName} ended on ${mailDay(endedAt)}, and no subscription has been started.`],
      [
        `Everything keeps working until ${mailDay(graceEndsAt)}. After that day your company’s data becomes read-only in the portal`,
        'and the mobile app (nothing is deleted) until a company administrator starts the subscription.',
      ],
      ['To start it, choose a payment method and accept the plan’s terms in Payment and Billing:', [{ link: billingLink }]],
      ['Nothing has been invoiced: the first invoice is issued only when the subscription starts.'],
    ]),
  };
}

export interface SupportSender {
  name: string;
  email: string;
  role: string;
  companyId: string | null;
  companyName: string | null;
}

/**
 * A company administrator's message from Help & Support, to the scheme's support address: who wrote
 * it (their account and company, as the session names them, never as the form says) and what.
 */
export function supportMessageMail(to: string, sender: SupportSender, subject: string, message: string): MailMessage {
  const oneLine = subject.replace(/\s+/g, ' ').trim();
  return {
    to,
    kind: 'support-message',
    ...composeMail(`Support request: ${oneLine}`, [
      [`From: ${sender.name} <${sender.email}>, ${sender.role}`, `Company: ${sender.companyName ?? '-'}${sender.companyId ? ` (${sender.companyId})` : ''}`],
      [`Subject: ${oneLine}`],
      message.split(/\r?\n/),
      [`Reply to ${sender.email}: the message came through the portal, not from their mailbox.`],
    ]),
  };
}
