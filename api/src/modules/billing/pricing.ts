/**
 * Money is integer pence from the database to the PDF; pounds appear only as the display figures
 * the contract asks for (`subscriptionFee`, `price`). Fees and invoice amounts include VAT
 * (docs/decisions/0013-billing.md).
 */

/** The plan every company starts on; its fee is data, kept here and copied onto each subscription. */
export const DEFAULT_PLAN = { name: 'Standard', feePence: 49_900, interval: 'month' } as const;

/** UK standard rate, in basis points (2000 = 20%). */
export const VAT_RATE_BP = 2000;

/**
 * The VAT within a VAT-inclusive amount: `gross x rate / (1 + rate)`, rounded half up to the
 * penny, in integers only (for 20%, one sixth of the gross).
 */
export function vatWithin(grossPence: number, rateBp: number = VAT_RATE_BP): number {
  const numerator = grossPence * rateBp;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The display figure in pounds: exact for any whole number of pence a fee can be. */
export const poundsOf = (pence: number): number => pence / 100;

/** `£1,250.00`, built from whole pence so no float rounding can show. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

/** `20%`, or `17.5%` for a rate that is not a whole percentage. */
/** Dates as a UK reader writes them, on the UK calendar: `1 March 2026` (the invoice, the audit log). */
export const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export const formatRate = (rateBp: number): string => `${rateBp / 100}%`;
