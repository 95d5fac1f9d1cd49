import { z } from 'zod/mini';
import '../zod-locale';

// Every date and date-time the api takes, one range for all of them (docs/api.md, "Dates"), and the
// follow-up window of a driver's verification. Form and api run the same checks.

/** The days the api takes, inclusive (UTC). The insights' years are its years. */
export const DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;
export const DATE_RANGE_YEARS = { first: 2000, last: 2100 } as const;

/** A follow-up is set from today (UTC) up to this many years ahead, that calendar day included. */
export const FOLLOW_UP_HORIZON_YEARS = 2;

const DAY_MS = 86_400_000;
const FIRST_MS = Date.UTC(DATE_RANGE_YEARS.first, 0, 1);
/** The first instant after the range. */
const END_MS = Date.UTC(DATE_RANGE_YEARS.last + 1, 0, 1);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 date and time with seconds optional and a zone (Z or +hh:mm); checked only on ISO_DATE_TIME_MAX characters or fewer. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
/** The longest ISO date-time the api reads: `2026-09-30T10:00:00.123456789+01:00` is 35 characters. */
export const ISO_DATE_TIME_MAX = 40;

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** A calendar day that exists (leap years by the Gregorian rule): 2026-02-31 does not, where Date.parse rolls it into March. */
const realDay = (year: number, month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

/** The instant of a UTC day and time; setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

/** The instant of a `YYYY-MM-DD` day at 00:00 UTC, or NaN unless it is a real day. */
export function dayStart(s: string): number {
  const m = s.length === 10 ? DAY.exec(s) : null;
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return realDay(y, mo, d) ? utcMs(y, mo, d) : Number.NaN;
}

/**
 * The instant (ms since 1970) an ISO 8601 date-time with its zone names, or null when it names none.
 * Stricter than `Date.parse`, which rolls `2026-09-31` over to 1 October, `2026-02-29` to 1 March and
 * `24:00` to the next day: here the day must exist in its month, the hour is 00-23, minutes and
 * seconds 00-59 (a leap second, `:60`, is refused: no clock the api compares with counts one), and
 * the offset lies within the world's, -12:00 to +14:00. Fractions beyond milliseconds are cut. The
 * length is checked before the pattern. Whether the instant is one the api takes is `inDateRange`.
 */
export function isoInstantMs(text: string): number | null {
  if (text.length > ISO_DATE_TIME_MAX) return null;
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (!realDay(year, month, day)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const oh = Number(m[9]);
    const om = Number(m[10]);
    if (om > 59) return null;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (oh * 60 + om);
    if (offsetMinutes < -12 * 60 || offsetMinutes > 14 * 60) return null;
  }
  return utcMs(year, month, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

/** Within DATE_RANGE. */
export const inDateRange = (ms: number): boolean => ms >= FIRST_MS && ms < END_MS;

/** The follow-up window as of `now`: from 00:00 UTC today to the end of the same day FOLLOW_UP_HORIZON_YEARS on. */
export function followUpWindow(now: Date = new Date()): { from: Date; until: Date } {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const d = now.getUTCDate();
  return { from: new Date(Date.UTC(y, mo, d)), until: new Date(Date.UTC(y + FOLLOW_UP_HORIZON_YEARS, mo, d) + DAY_MS) };
}

export const inFollowUpWindow = (ms: number, now: Date = new Date()): boolean => {
  const w = followUpWindow(now);
  return ms >= w.from.getTime() && ms < w.until.getTime();
};

/**
 * A day, `YYYY-MM-DD` (UTC): `invalid` unless it is one, `outOfRange` outside DATE_RANGE. The
 * length is checked before the pattern.
 */
export const isoDay = (invalid: string, outOfRange: string) =>
  z.string({ error: invalid }).check(
    z.refine((v) => !Number.isNaN(dayStart(v)), { message: invalid, abort: true }),
    z.refine((v) => v >= DATE_RANGE.first && v <= DATE_RANGE.last, outOfRange),
  ).register(z.globalRegistry, { format: 'date', description: `A day (UTC), YYYY-MM-DD, from ${DATE_RANGE.first} to ${DATE_RANGE.last}.` });

/**
 * A date-time with its zone (ISO 8601), so the server never guesses a time zone: `invalid` unless it
 * is one (required when empty), `outOfRange` outside DATE_RANGE. More checks (a window) follow it.
 */
export const isoInstant = (invalid: string, outOfRange: string) =>
  z.string({ error: invalid }).check(
    z.refine((v) => isoInstantMs(v) !== null, { message: invalid, abort: true }),
    z.refine((v) => inDateRange(isoInstantMs(v) ?? Number.NaN), { message: outOfRange, abort: true }),
  ).register(z.globalRegistry, { format: 'date-time', description: `A date and time with its zone (ISO 8601), from ${DATE_RANGE.first} to ${DATE_RANGE.last} (UTC).` });
