/**
 * Release health's texts: what the api answers about a batch of telemetry events or a health window.
 * A plain module apart from the back office's, because the telemetry calls' schemas
 * (endpoints/telemetry.ts) show them and the shell's collector, fetched on every page, loads those
 * schemas; the back office's texts (every page of it) stay with the pages that show them.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
export const TELEMETRY_MESSAGES = {
  /** Ours: release health, measured in users' browsers (DESIGN.md section 3). */
  telemetry: {
    accepted: 'Telemetry received.',
    tooManyEvents: (max: number) => `Send at most ${max} events in one batch.`,
    noEvents: 'Send at least one event.',
    unknownRemote: 'The remote is not one this portal knows.',
    badVersion: 'The version must use letters, digits, ".", "-", "_" or "+" (at most 128 characters).',
    badNumber: 'A measured value is out of range.',
    messageTooLong: (max: number) => `An error message can be at most ${max} characters: cut it before sending.`,
    badMinutes: 'The window must be a whole number of minutes from 1 to 43200 (30 days).',
  },
} as const;

/**
 * The release console's checks of a canary's share (`MESSAGES.releases` names them, back-office.ts):
 * defined here so that the release calls' schemas, next to the telemetry calls', take them without
 * the console's other texts.
 */
export const RELEASE_CHECK_MESSAGES = {
  badPercent: 'The share must be a number from 0 to 100.',
  badCompanies: 'List at most 50 company IDs.',
  badCompany: 'A company ID is not valid.',
} as const;
