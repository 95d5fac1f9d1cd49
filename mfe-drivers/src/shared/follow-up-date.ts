// The follow-up picker's text: "dd-MM-yyyy HH:mm" in the browser's time zone (document 2, section 9),
// sent as an ISO date-time with its zone (docs/decisions/0009-drivers.md).
import { formatFollowUp } from '@portal/shared-contracts/forms';

const DIGITS = 12;
/** Where each part of "dd-MM-yyyy HH:mm" starts and ends. */
const PARTS = [
  { name: 'day', start: 0, end: 2 },
  { name: 'month', start: 3, end: 5 },
  { name: 'year', start: 6, end: 10 },
  { name: 'hour', start: 11, end: 13 },
  { name: 'minute', start: 14, end: 16 },
] as const;
/** The separator written before the digit at this index of the 12. */
const SEPARATORS: Record<number, string> = { 2: '-', 4: '-', 8: ' ', 10: ':' };
const SEPARATOR_CHARS = Object.values(SEPARATORS);
const PATTERN = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/;

/** The text as a local date, or null unless it is a complete, real date and time. */
export function parseFollowUp(text: string): Date | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const [day, month, year, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return null;
  const d = new Date(year, month - 1, day, hour, minute);
  // 31-02 would roll over into March: only a date that comes back as typed is real.
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : null;
}

/** The ISO string the api takes for the text, or '' when the text is not a date yet. */
export function followUpIso(text: string): string {
  return parseFollowUp(text)?.toISOString() ?? '';
}

/** The picker's text for an ISO date-time ('' for none). */
export function followUpText(iso: string | null | undefined): string {
  return iso ? formatFollowUp(iso) : '';
}

/**
 * What the typed text becomes under the mask: its digits (at most 12) with the separators between
 * them, and where the caret goes (after the same number of digits as before).
 */
export function maskFollowUp(raw: string, caret: number = raw.length): { text: string; caret: number } {
  const digits = raw.replace(/\D/g, '').slice(0, DIGITS);
  const digitsBeforeCaret = Math.min(raw.slice(0, caret).replace(/\D/g, '').length, digits.length);
  let text = '';
  let at = 0;
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && SEPARATORS[i]) text += SEPARATORS[i];
    text += digits[i];
    if (i + 1 === digitsBeforeCaret) at = text.length;
  }
  // A caret just past a separator stays past the one the mask wrote there.
  if (caret > 0 && /\D/.test(raw[caret - 1] ?? '') && SEPARATOR_CHARS.includes(text[at] ?? '')) at += 1;
  return { text, caret: at };
}

/** A whole hour from now: where the arrow keys start when the field holds no date yet. */
function nextWholeHour(now: Date): Date {
  const d = new Date(now);
  d.setHours(d.getHours() + 1, 0, 0, 0);
  return d;
}

/**
 * The text after an arrow key: the part of the date at the caret goes up or down by one (a day past
 * the month's end rolls into the next month, as a calendar would). A field without a date starts
 * from the next whole hour. The caret stays in the same part.
 */
export function stepFollowUp(text: string, caret: number, delta: 1 | -1, now: Date = new Date()): { text: string; caret: number } {
  const current = parseFollowUp(text);
  const part = PARTS.find((p) => caret <= p.end) ?? PARTS[PARTS.length - 1]!;
  if (!current) return { text: formatFollowUp(nextWholeHour(now).toISOString()), caret: part.start };
  const d = new Date(current);
  if (part.name === 'day') d.setDate(d.getDate() + delta);
  if (part.name === 'month') d.setMonth(d.getMonth() + delta, Math.min(d.getDate(), daysIn(d.getFullYear(), d.getMonth() + delta)));
  if (part.name === 'year') d.setFullYear(d.getFullYear() + delta, d.getMonth(), Math.min(d.getDate(), daysIn(d.getFullYear() + delta, d.getMonth())));
  if (part.name === 'hour') d.setHours(d.getHours() + delta);
  if (part.name === 'minute') d.setMinutes(d.getMinutes() + delta);
  return { text: formatFollowUp(d.toISOString()), caret };
}

function daysIn(year: number, monthIndex: number): number {
  return new Date(year, monthIndex + 1, 0).getDate();
}

/** The value of a native `datetime-local` input for an ISO date-time ('' for none). */
export function toLocalInput(iso: string): string {
  const text = followUpText(iso);
  const m = PATTERN.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}` : '';
}

/** The ISO date-time of a native `datetime-local` value ('' when it holds none). */
export function fromLocalInput(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? followUpIso(`${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}`) : '';
}
