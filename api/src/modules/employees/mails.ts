import type { MailMessage } from '../../mail/mailer';
import { composeMail } from '../../mail/templates';

export { INVITATION_KIND, INVITATION_TTL_DAYS, invitationMail } from '../../lib/invitations';

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
