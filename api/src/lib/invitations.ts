import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import type { MailMessage } from '../mail/mailer';
import { composeMail } from '../mail/templates';

// The invitation an employee added by the employer receives (manual list, CSV file, SCIM provisioning).

/** Kind of the invitation mail in the outbox (and of its token in `password_reset_tokens`). */
export const INVITATION_KIND = 'employee-invitation';

/** How long an invitation link works: long enough to find the mail after a weekend. */
export const INVITATION_TTL_DAYS = 7;

export function invitationMail(to: string, firstName: string, companyName: string, link: string): MailMessage {
  return {
    to,
    kind: INVITATION_KIND,
    link,
    ...composeMail(`${companyName} invited you to the Commute Portal lift-sharing scheme`, [
      [`Hello ${firstName},`],
      [`${companyName} added you to its lift-sharing scheme on the Commute Portal.`, `Open this link within ${INVITATION_TTL_DAYS} days to choose your password:`, [{ link }]],
      ['Then sign in to the mobile app with this email address and that password.', 'If you did not expect this mail, you can ignore it.'],
    ]),
  };
}

/** The lower-case domain of an address. */
export const domainOfAddress = (email: string) => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/**
 * The domains whose addresses sign in with the company's account: those it proved for single
 * sign-on (decision 0035), while it has a provider. Such an address is not invited to choose a
 * password: the password would be a second way in that the provider does not control, and the
 * person would not know why they were asked for one. One statement for a whole file of addresses.
 */
export async function companySignOnDomains(db: Db, companyId: string): Promise<Set<string>> {
  const found = await rows<{ domain: string }>(
    db,
    sql`select d.domain from sso_domains d join sso_connections c on c.company_id = d.company_id
      where d.company_id = ${companyId} and d.verified_at is not null`,
  );
  return new Set(found.map((r) => r.domain));
}

/** Whether `email` signs in with its company's account (`companySignOnDomains`). */
export async function signsInWithCompanyAccount(db: Db, companyId: string, email: string): Promise<boolean> {
  return (await companySignOnDomains(db, companyId)).has(domainOfAddress(email));
}
