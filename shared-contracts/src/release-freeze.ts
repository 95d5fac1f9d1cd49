/**
 * Change freezes (docs/decisions/0042): the limits and the sentences every door to them says alike,
 * the release CLI and the portal server (deploy), the api, the console and the company settings.
 * Plain functions, off the login page's path.
 */
import { RELEASE_FREEZE_MESSAGES } from './messages/release-freezes';

/** How far ahead a freeze may end: a month-end, an audit or a demonstration fits; a forgotten freeze does not last. */
export const FREEZE_LIMITS = { maxDays: 31 } as const;

const DAY_MS = 86_400_000;

/** A UUID, as company ids are (checked before the pattern: at most 36 characters). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCompanyId = (id: string): boolean => id.length === 36 && UUID.test(id);

export const FREEZE_MESSAGES = RELEASE_FREEZE_MESSAGES.releaseFreeze;

/** Where ISO dates end: the schemas and the CLI read no longer text (length before pattern). */
const MAX_UNTIL_LENGTH = 40;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The end of a freeze from what a person typed, or the sentence that refuses it: an ISO date (its
 * 00:00 UTC) or date-time with a zone, after `now` and at most `FREEZE_LIMITS.maxDays` days ahead.
 */
export function parseFreezeUntil(raw: string, now: Date = new Date()): { until: Date } | { problem: string } {
  const text = raw.trim();
  if (text.length > MAX_UNTIL_LENGTH || !ISO_DATE.test(text)) return { problem: FREEZE_MESSAGES.badUntil };
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return { problem: FREEZE_MESSAGES.badUntil };
  // Date.parse rolls 2026-02-31 into March: the day must exist as written.
  if (new Date(Date.parse(`${text.slice(0, 10)}T00:00:00Z`)).toISOString().slice(0, 10) !== text.slice(0, 10)) return { problem: FREEZE_MESSAGES.badUntil };
  if (ms <= now.getTime()) return { problem: FREEZE_MESSAGES.untilPast };
  if (ms > now.getTime() + FREEZE_LIMITS.maxDays * DAY_MS) return { problem: FREEZE_MESSAGES.untilTooFar(FREEZE_LIMITS.maxDays) };
  return { until: new Date(ms) };
}

/** True while a freeze is in force: its end is still ahead. */
export const freezeInForce = (f: { until: string }, now: Date = new Date()): boolean => Date.parse(f.until) > now.getTime();
