/** Months are calendar months in UTC, named by their first day (`YYYY-MM-01`, a `date` in SQL). */

export function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

export function monthOf(instant: Date): string {
  return monthStart(instant.getUTCFullYear(), instant.getUTCMonth() + 1);
}

export function currentMonth(now: Date = new Date()): string {
  return monthOf(now);
}

/** `YYYY-MM-01` (or a `Date`/ISO text a driver returned) -> year and month 1..12. */
export function yearMonth(month: string | Date): { year: number; month: number } {
  const text = month instanceof Date ? month.toISOString() : String(month);
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}

/** The first day of the month `delta` months from `month`. */
export function addMonths(month: string, delta: number): string {
  const { year, month: m } = yearMonth(month);
  const index = year * 12 + (m - 1) + delta;
  return monthStart(Math.floor(index / 12), (index % 12) + 1);
}

/** Hundredths of a mile (or of a kg) as a number with 2 decimals. */
export function fromHundredths(v: number | string | bigint | null | undefined): number {
  return Number(v ?? 0) / 100;
}

/** A numeric the drivers answer as text, rounded to `places`. */
export function decimal(v: number | string | null | undefined, places = 2): number {
  const n = Number(v ?? 0);
  const f = 10 ** places;
  return Math.round(n * f) / f;
}
