/**
 * People's data rights (docs/decisions/0044-data-rights-and-retention.md): an employee's data
 * exported or erased by their employer, and the requests an employee makes from the mobile app.
 * Ours: the spec has none. Part of `MESSAGES` (messages.ts).
 */
export const DATA_RIGHTS_MESSAGES = {
  dataRights: {
    // ---- Employee details
    exportData: 'Export data',
    exporting: 'Exporting...',
    exported: 'The employee’s data was downloaded as a JSON file.',
    exportFailed: 'The data could not be exported. Try again.',
    erase: 'Erase employee',
    erasing: 'Erasing...',
    eraseTitle: (name: string) => `Erase ${name}?`,
    eraseBody: (name: string) =>
      `${name}’s name, contact details, vehicle, sign-in and feedback text are removed for good. Their trips stay in your totals and carbon history without their name. This cannot be undone.`,
    eraseConfirmLabel: (name: string) => `Type ${name} to confirm`,
    eraseConfirmMismatch: 'Type the name exactly as shown to confirm.',
    erased: 'The employee was erased.',
    /** In place of the status actions on an erased employee's anonymous record. */
    erasedRecordHint:
      'This record keeps an erased employee’s trips in your totals and carbon history without their name. Erasure cannot be undone, so it cannot be reactivated.',
    // ---- Pending erasure requests (employee list)
    requestsHeading: 'Erasure requests',
    requestsIntro: (days: number) =>
      `These employees asked for their data to be erased. Erase each from their details; a request not carried out is carried out automatically ${days} days after it was made.`,
    requestedOn: (day: string) => `Requested ${day}`,
    dueOn: (day: string) => `Erased automatically on ${day}`,
    // ---- How an erased person is shown where their anonymous figures remain (first and last name, as lists show people)
    erasedFirstName: 'Erased',
    erasedLastName: 'employee',
    erasedName: 'Erased employee',
    /** What remains of the text of an erased person's feedback. */
    feedbackRemoved: 'Removed at the person’s request',
    // ---- api answers
    confirmRequired: 'Confirm the erasure: it cannot be undone.',
    employeeErased: 'The employee was erased.',
    alreadyErased: 'This employee has already been erased.',
    /** Reactivating the anonymous record (employee list, SCIM, roster file) is refused: erasure is irreversible. */
    erasedNotReactivated: 'This employee was erased. Erasure cannot be undone, so their anonymous record cannot be reactivated.',
    /** In place of Approve and Reject on a join request whose person was erased (the api answers `erasedRequestClosed`). */
    erasedRequestHint: 'This person’s data was erased, so the request can be neither approved nor rejected.',
    /** Approving or rejecting a join request whose person was erased: the anonymous record stays as it is. */
    erasedRequestClosed:
      'This join request’s person was erased, so it can be neither approved nor rejected. Their anonymous record stays as it is.',
    /** Moving the anonymous record to another office: its figures stay with the office the person was in. */
    erasedNotMoved: 'This employee was erased. Their anonymous record keeps their figures in the office they were in, so it cannot be moved.',
    erasedInRoster: 'This address is an erased employee’s anonymous record, which cannot be reactivated. Remove the row.',
    requestRecorded: (day: string) => `Your request was recorded. Your employer erases your data by ${day} at the latest.`,
    notAnEmployee: 'Only an employee’s data can be exported or erased here.',
    /** The retention schedule, as the actor of what it carries out in the audit log. */
    retentionActor: 'Retention schedule',
  },
} as const;
