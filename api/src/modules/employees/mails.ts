import type { MailMessage } from '../../mail/mailer';
import { composeMail } from '../../mail/templates';

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

/** Kind of the notice sent instead of an invitation when the address has an account already. */
export const ADDED_ELSEWHERE_KIND = 'employee-added-existing';

export function addedElsewhereMail(to: string, companyName: string, loginUrl: string, forgotUrl: string): MailMessage {
  return {
    to,
    kind: ADDED_ELSEWHERE_KIND,
    link: loginUrl,
    ...composeMail(`${companyName} tried to add you to the Commute Portal lift-sharing scheme`, [
      ['Hello,'],
      [
        `${companyName} tried to add this email address to its lift-sharing scheme on the Commute Portal.`,
        'The address already has a Commute Portal account, so no new account was made and nothing about',
        'your account was shared with them.',
      ],
      [
        `If you expected this, tell ${companyName}: they can add you with another email address.`,
        ['To sign in to your account, go to ', { link: loginUrl }],
        ['If you forgot your password, reset it at ', { link: forgotUrl }],
      ],
      ['If you did not expect this mail, you can ignore it.'],
    ]),
  };
}
