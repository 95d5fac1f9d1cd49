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

// ---------------------------------------------------------------- driver verification (the drivers module)

/** What a verification mail carries: the super admin's notes, when there are any. */
function notesLines(notes: string | null): string[] {
  return notes ? ['', 'Notes from the verification team:', notes] : [];
}

/** Whether the driver may now offer lifts, or what is still to be verified. */
function nextStep(bothVerified: boolean, missing: 'driver details' | 'vehicle'): string {
  return bothVerified ? 'You can now offer lifts in the mobile app.' : `You can offer lifts once your ${missing} ${missing === 'vehicle' ? 'is' : 'are'} verified too.`;
}

export function driverVerifiedMail(to: string, firstName: string, notes: string | null, vehicleVerified: boolean): MailMessage {
  return {
    to,
    kind: 'driver-verified',
    subject: 'Your driver details are verified',
    text: [
      `Hello ${firstName},`,
      '',
      'Your driving licence has been checked and you are verified as a driver of the Commute Portal lift-sharing scheme.',
      nextStep(vehicleVerified, 'vehicle'),
      ...notesLines(notes),
    ].join('\n'),
  };
}

export function vehicleVerifiedMail(to: string, firstName: string, registrationNumber: string, notes: string | null, driverVerified: boolean): MailMessage {
  return {
    to,
    kind: 'vehicle-verified',
    subject: 'Your vehicle is verified',
    text: [
      `Hello ${firstName},`,
      '',
      `Your vehicle ${registrationNumber} has been checked and verified for the Commute Portal lift-sharing scheme.`,
      nextStep(driverVerified, 'driver details'),
      ...notesLines(notes),
    ].join('\n'),
  };
}

export function driverRejectedMail(to: string, firstName: string, notes: string): MailMessage {
  return {
    to,
    kind: 'driver-rejected',
    subject: 'Your driver details could not be verified',
    text: [
      `Hello ${firstName},`,
      '',
      'We could not verify you as a driver of the Commute Portal lift-sharing scheme, for this reason:',
      notes,
      '',
      'Update your driving licence or vehicle details in the mobile app and we will check them again.',
    ].join('\n'),
  };
}
