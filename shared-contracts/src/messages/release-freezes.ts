/**
 * Change freezes' texts (docs/decisions/0042): what the release CLI, the api, the release console and
 * Company Settings say about freezing a company's versions. Part of `MESSAGES` (messages.ts).
 */
export const RELEASE_FREEZE_MESSAGES = {
  releaseFreeze: {
    badCompany: "That is not a company id: give the company's id (a UUID), as the company list shows it",
    badUntil: 'Give the end of the freeze as a date and time, e.g. 2026-12-01T00:00:00Z (UTC) or 2026-12-01',
    untilPast: 'The end of the freeze has already passed: give a later date',
    untilTooFar: (maxDays: number) => `A freeze lasts at most ${maxDays} days: give an end within ${maxDays} days of now`,
    extendTooFar: (maxDays: number, since: string) =>
      `A freeze lasts at most ${maxDays} days from its start (${since}): end it and freeze again to hold the versions of now`,
    notFrozen: (companyId: string) => `Company ${companyId} has no freeze in force`,
    nothingReleased: 'Nothing is released yet, so there is nothing to freeze',
    noCompany: 'Set up your company first: until then there is nothing to freeze',
    /** Company Settings' tab (its label is labels.companySettingsTabs[3]). */
    heading: 'Freeze the portal version',
    intro: (maxDays: number) =>
      `During a month-end, an audit or a demonstration, keep your users on the portal version they have now: new versions reach them when the freeze ends. A freeze lasts at most ${maxDays} days. A version found faulty may still be withdrawn.`,
    untilLabel: 'Ends at 00:00 UTC on',
    chooseDay: 'Choose the day the freeze ends.',
    freeze: 'Freeze',
    moveEnd: 'Change the end',
    end: 'End the freeze',
    endConfirmTitle: 'End the freeze?',
    endConfirm: 'Your users get the current portal version on their next visit.',
    frozenUntil: (until: string) => `Frozen until ${until}`,
    frozenSince: (since: string) => `since ${since}`,
    notFrozenNow: 'Not frozen: your users get each new version as it is released.',
    frozenToast: 'The portal version is frozen.',
    endedToast: 'The freeze has ended.',
    /** The release console's section. */
    consoleHeading: 'Change freezes',
    consoleIntro:
      "A frozen company's users keep the versions they had when the freeze began: canaries, promotes and rollbacks pass them by until it ends. An abort, or a rollback of a version marked failing (pnpm release rollback --failing), still withdraws a failing version from them.",
    consoleNone: 'No company is frozen.',
    consoleCompany: 'Company',
    consoleCompanyId: 'Company ID',
    consoleUntil: 'Until (UTC)',
    consoleSince: 'Since',
    consoleHeld: 'Versions held',
    consoleUnknownCompany: 'Unknown company',
    consoleFreeze: 'Freeze a company',
    consoleUnfreeze: 'Unfreeze',
    consoleUnfreezeConfirm: (company: string) => `End the freeze of ${company}? Its users get what everyone gets on their next load.`,
    consoleFrozen: (company: string, until: string) => `${company} is frozen until ${until}.`,
    consoleUnfrozen: (company: string) => `${company} is no longer frozen.`,
  },
} as const;
