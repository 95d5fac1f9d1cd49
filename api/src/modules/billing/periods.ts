import type { BILLING_INTERVALS } from '@portal/shared-contracts';

export type BillingInterval = (typeof BILLING_INTERVALS)[number];

const MONTHS: Record<BillingInterval, number> = { month: 1, year: 12 };

/**
 * `anchor` plus `n` billing intervals, in UTC. A day the target month lacks becomes its last day,
 * and every period is counted from the anchor (not from the previous end), so a subscription
 * started on 31 January renews on 28 (29) February, 31 March, 30 April...
 */
export function addIntervals(anchor: Date, n: number, interval: BillingInterval): Date {
  const months = anchor.getUTCMonth() + n * MONTHS[interval];
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/** How many whole intervals separate a period boundary from the anchor (boundaries differ by whole months). */
export function intervalsSince(anchor: Date, boundary: Date, interval: BillingInterval): number {
  const months = (boundary.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + boundary.getUTCMonth() - anchor.getUTCMonth();
  return Math.round(months / MONTHS[interval]);
}
