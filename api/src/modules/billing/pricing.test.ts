import { describe, expect, it } from 'vitest';
import { addIntervals, intervalsSince } from './periods';
import { DEFAULT_PLAN, VAT_RATE_BP, formatPence, formatRate, poundsOf, vatWithin } from './pricing';

describe('pence arithmetic', () => {
  it('takes the VAT out of a VAT-inclusive amount, rounding half a penny up, in integers', () => {
    expect(VAT_RATE_BP).toBe(2000);
    // One sixth of the gross at 20%.
    expect(vatWithin(49_900)).toBe(8317); // 8316.67
    expect(vatWithin(120_000)).toBe(20_000);
    expect(vatWithin(3)).toBe(1); // exactly half a penny: up
    expect(vatWithin(9)).toBe(2); // 1.5
    expect(vatWithin(2)).toBe(0); // 0.33
    expect(vatWithin(0)).toBe(0);
    // Another rate (17.5%): 1175 pence gross is 1000 net and 175 VAT.
    expect(vatWithin(1175, 1750)).toBe(175);
    // Net + VAT is the gross for every amount, so an invoice always adds up.
    for (let gross = 0; gross < 5000; gross += 7) {
      const vat = vatWithin(gross);
      expect(Number.isInteger(vat)).toBe(true);
      expect(Math.abs(vat * 6 - gross)).toBeLessThanOrEqual(3);
    }
  });

  it('stays exact for the largest fee a column holds', () => {
    const max = 2_147_483_647;
    expect(vatWithin(max)).toBe(Math.round(max / 6));
  });

  it('shows pounds from pence without float artefacts', () => {
    expect(formatPence(125_000)).toBe('£1,250.00');
    expect(formatPence(49_900)).toBe('£499.00');
    expect(formatPence(8317)).toBe('£83.17');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123_456_789)).toBe('£1,234,567.89');
    expect(formatPence(-1999)).toBe('-£19.99');
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(1750)).toBe('17.5%');
    // The contract's display figure: 0.1 + 0.2 style sums never happen, each is one division.
    expect(poundsOf(DEFAULT_PLAN.feePence)).toBe(499);
    expect(poundsOf(1999)).toBe(19.99);
  });
});

describe('billing periods', () => {
  const at = (iso: string) => new Date(iso);

  it('counts every period from the anchor, clamping to the end of shorter months', () => {
    const anchor = at('2027-01-31T09:30:00.000Z');
    const ends = [1, 2, 3, 4, 13].map((n) => addIntervals(anchor, n, 'month').toISOString());
    expect(ends).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z', // back to the 31st: not drifting from 28 February
      '2027-04-30T09:30:00.000Z',
      '2027-05-31T09:30:00.000Z',
      '2028-02-29T09:30:00.000Z', // leap year
    ]);
    expect(addIntervals(at('2028-02-29T00:00:00.000Z'), 1, 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addIntervals(at('2026-11-15T12:00:00.000Z'), 2, 'month').toISOString()).toBe('2027-01-15T12:00:00.000Z');
  });

  it('finds which period boundary a date is', () => {
    const anchor = at('2027-01-31T09:30:00.000Z');
    for (const n of [0, 1, 2, 11, 12, 25]) expect(intervalsSince(anchor, addIntervals(anchor, n, 'month'), 'month')).toBe(n);
    for (const n of [0, 1, 3]) expect(intervalsSince(anchor, addIntervals(anchor, n, 'year'), 'year')).toBe(n);
  });
});
