import { describe, expect, it } from 'vitest';
import { dateTime, day, utcDateTime, utcDay } from './date-time';

describe('a moment as the screens show it', () => {
  it('reads as toLocaleString did, in the reader’s zone or in UTC, and keeps text that is not a date', () => {
    const iso = '2026-03-01T14:05:00Z';
    expect(dateTime(iso)).toBe(new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(utcDateTime(iso)).toBe('1 Mar 2026, 14:05 UTC');
    expect(dateTime('not a date')).toBe('not a date');
    expect(utcDateTime('')).toBe('');
  });
});

describe('a day as the screens show it', () => {
  it('reads as toLocaleDateString did, and keeps text that is not a date', () => {
    const iso = '2026-03-01T23:30:00Z';
    expect(day(iso)).toBe(new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' }));
    expect(utcDay(iso)).toBe('1 Mar 2026');
    expect(utcDay('2026-12-01')).toBe('1 Dec 2026');
    expect(day('not a date')).toBe('not a date');
  });
});
