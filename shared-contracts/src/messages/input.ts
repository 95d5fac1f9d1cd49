/**
 * What the api says of an input whatever the form (ours): a date outside the one range, a page
 * number or size out of bounds, text with characters that change its direction. A module of its own,
 * so the account forms and the accounts endpoints (shared entries on the login path) take these few
 * texts without every message. Part of `MESSAGES` (messages/index.ts); each string is defined once, here.
 */
export const INPUT_MESSAGES = {
  input: {
    /** DATE_RANGE (forms/dates.ts). */
    dateOutOfRange: 'Dates must be from 1 January 2000 to 31 December 2100.',
    /** LIMITS.maxPageNumber and LIMITS.maxPageSize (endpoints/shared.ts). */
    pageNumberInvalid: 'Page number must be a whole number from 1 to 1000000.',
    pageSizeInvalid: 'Page size must be a whole number from 1 to 100.',
    /** Text-direction controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) can make a name read as another. */
    bidiControl: 'Names cannot contain text-direction control characters. Please retype it.',
  },
} as const;
