import type { MonthValue } from '@portal/shared-ui/data-display';

/** The api's months are calendar months in UTC, so "this month" is the UTC one. */
export function thisMonth(now: Date = new Date()): MonthValue {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

/** "2026-07", for file names. */
export function monthSlug(value: MonthValue): string {
  return `${value.year}-${String(value.month).padStart(2, '0')}`;
}
