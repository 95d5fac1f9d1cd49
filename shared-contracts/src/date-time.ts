/**
 * A moment as the portal's screens show it ("1 Mar 2026, 14:05"): in the reader's time zone, or in
 * UTC where the moment is given as such (a freeze's or a preview link's end). Text that is not a date
 * is shown as sent. One formatter each, made on first use: `toLocaleString(locale, options)` builds a
 * new one on every call, which a list pays on every row.
 */
let local: Intl.DateTimeFormat | undefined;
let utc: Intl.DateTimeFormat | undefined;

const parsed = (iso: string): Date | null => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** In the reader's time zone. */
export function dateTime(iso: string): string {
  const d = parsed(iso);
  return d ? (local ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })).format(d) : iso;
}

/** In UTC, marked so: the same instant for every reader. */
export function utcDateTime(iso: string): string {
  const d = parsed(iso);
  return d ? `${(utc ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })).format(d)} UTC` : iso;
}

let localDay: Intl.DateTimeFormat | undefined;
let utcDayFormat: Intl.DateTimeFormat | undefined;

/** The day alone, in the reader's time zone ("1 Mar 2026"). */
export function day(iso: string): string {
  const d = parsed(iso);
  return d ? (localDay ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })).format(d) : iso;
}

/** The day alone, in UTC (a day the api keeps as a date, not a moment): "1 Mar 2026". */
export function utcDay(iso: string): string {
  const d = parsed(iso);
  return d ? (utcDayFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })).format(d) : iso;
}
