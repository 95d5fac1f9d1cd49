/**
 * Monthly reports by mail (docs/decisions/0049-monthly-reports-by-mail.md): the recipients an
 * employer names in Company Settings, the mail they get and the unsubscribe. Ours: the spec has none.
 * Part of `MESSAGES` (messages.ts).
 */
export const MONTHLY_REPORT_MESSAGES = {
  monthlyReports: {
    // ---- Company Settings
    heading: 'Monthly reports by mail',
    intro: (max: number) =>
      `Up to ${max} people get a summary of the last month by mail on the first working day (Monday to Friday) of each month, with the figures as a CSV file. They need no portal account.`,
    emailLabel: 'Recipient email',
    add: 'Add recipient',
    adding: 'Adding...',
    remove: 'Remove',
    removeLabel: (email: string) => `Remove ${email}`,
    empty: 'No recipients yet.',
    listLabel: 'Monthly report recipients',
    timeZoneLabel: 'Time zone',
    timeZoneHint: "The month's report goes out on the first working day of the month in this time zone.",
    timeZoneSave: 'Save time zone',
    timeZoneSaved: 'Time zone saved.',
    neverSent: 'Not sent yet',
    lastDelivery: (month: string, state: string) => `${month}: ${state}`,
    deliveryStates: { kept: 'kept in the outbox', pending: 'being delivered', sent: 'delivered', failed: 'delivery failed' } as Record<string, string>,
    unsubscribedState: 'Unsubscribed',
    // ---- Answers of the api
    added: 'Recipient added.',
    removed: 'Recipient removed.',
    tooMany: (max: number) => `A company can have at most ${max} recipients. Remove one first.`,
    duplicate: 'This email already gets the monthly report.',
    notFound: 'Recipient not found.',
    emailInvalid: 'Enter a valid email address.',
    emailTooLong: 'The email address is too long.',
    timeZoneInvalid: 'Choose a time zone from the list.',
    tokenInvalid: 'This unsubscribe link is not valid. Copy the whole link from the mail.',
    unsubscribed: 'You are unsubscribed: you will get no more monthly reports from this company.',
    // ---- The unsubscribe page, opened from the mail's link without signing in
    unsubscribeHeading: 'Unsubscribe from monthly reports',
    unsubscribeIntro: 'Press Unsubscribe and this address gets no more monthly commute scheme reports from the company that sends them.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribeBusy: 'Unsubscribing...',
    unsubscribeFailed: 'Could not unsubscribe just now. Try again in a moment.',
    // ---- The mail
    jobActor: 'Monthly reports',
    wholeCompany: 'Whole company',
    mailSubject: (company: string, month: string) => `${company}: commute scheme report for ${month}`,
  },
} as const;
