import type { MailMessage } from './mailer';

/** The mails the accounts module sends. Plain text first; the link is on its own line. */

export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    kind: 'password-reset',
    link,
    subject: 'Reset your Commute Portal password',
    text: [
      'We received a request to reset the password of your Commute Portal account.',
      '',
      `Open this link within ${minutes} minutes to choose a new password:`,
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function registrationAttemptMail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  return {
    to,
    kind: 'registration-existing',
    link: loginUrl,
    subject: 'Someone tried to create a Commute Portal account with your email',
    text: [
      'Someone (perhaps you) tried to create a new Commute Portal account with this email address,',
      'which already has an account.',
      '',
      `To sign in, go to ${loginUrl}`,
      `If you forgot your password, reset it at ${forgotUrl}`,
      '',
      'If this was not you, you can ignore this mail.',
    ].join('\n'),
  };
}
