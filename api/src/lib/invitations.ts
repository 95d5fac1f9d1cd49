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
