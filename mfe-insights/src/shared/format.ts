import { LIMITS } from '@portal/shared-contracts/constants';

// Figures, dates and distances as a reader in the UK writes them.
const LOCALE = 'en-GB';
/**
 * A formatter made on its first use, then kept: building one costs a phone's main thread several
 * milliseconds (a time zone's more), and a page uses only some of them. Made at the module's load,
 * all eight took 73 ms of one task of the dashboard (profile:page, load 10), before anything was drawn.
 */
function kept<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const whole = kept(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const twoDecimals = kept(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const upToFive = kept(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 5 }));
const percent = kept(() => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 }));
// Dates through formatters made once: `toLocaleDateString(locale, options)` builds a new one on every
// call, which cost the dashboard's first render about 80 ms of a phone's main thread (12 months, 10
// feedbacks).
const day = kept(() => new Intl.DateTimeFormat(LOCALE, { timeZone: 'Europe/London' }));
const dayAndTime = kept(
  () => new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }),
);
const shortMonth = kept(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' }));
const shortMonthYear = kept(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: 'UTC' }));

/** 4280 -> "4,280". */
export const formatCount = (n: number): string => whole().format(n);
/** Miles and kilograms, to the api's 2 decimals so that a column lines up: 1234.5 -> "1,234.50". */
export const formatAmount = (n: number): string => twoDecimals().format(n);
/** An emission factor in kg per mile: 0.27108 -> "0.27108". */
export const formatFactor = (n: number): string => upToFive().format(n);
/** The api's percentages are 0..100: 29 -> "29%". */
export const formatPercent = (n: number): string => percent().format(n / 100);

/** An ISO date-time as the day it fell on in the UK: "03/07/2026". */
export function formatDate(iso: string): string {
  return day().format(new Date(iso));
}

/** An ISO date-time as a moment in the UK: "Sat 21 Nov 2026, 09:05". */
export function formatDateTime(iso: string): string {
  return dayAndTime().format(new Date(iso));
}

/** "Jul", or "Jan 26" where a year begins (a chart's axis). */
export function formatShortMonth(v: { year: number; month: number }): string {
  return (v.month === 1 ? shortMonthYear : shortMonth)().format(new Date(Date.UTC(v.year, v.month - 1, 1)));
}

/** "Ada Lovelace" -> "AL"; one name gives one letter. */
export function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** The feedback preview: the first 100 characters, with an ellipsis when the text goes on. */
export function preview(text: string, max: number = LIMITS.feedbackPreviewChars): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
