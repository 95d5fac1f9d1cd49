import { describe, expect, it } from 'vitest';
import { formatDate, formatShortMonth } from './format';

describe('dates', () => {
  it('writes a chart axis month short, with the year where one begins', () => {
    expect(formatShortMonth({ year: 2026, month: 7 })).toBe('Jul');
    expect(formatShortMonth({ year: 2026, month: 1 })).toBe('Jan 26');
    expect(formatShortMonth({ year: 2025, month: 12 })).toBe('Dec');
  });

  it('writes the day a date-time fell on in the UK', () => {
    expect(formatDate('2026-07-03T09:00:00Z')).toBe('03/07/2026');
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('01/07/2026');
  });
});
