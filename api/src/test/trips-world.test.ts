import { describe, expect, it } from 'vitest';
import { minTripMs } from '@portal/shared-contracts';
import { thisMonthAt } from './trips-world';

const MINUTE = 60_000;
const monthStart = Date.UTC(2026, 11, 1);

describe('thisMonthAt', () => {
  it('keeps every slot in the month and before now, in order, at any hour of the 1st', () => {
    for (let minutes = 2; minutes <= 12 * 60; minutes += 7) {
      const now = monthStart + minutes * MINUTE;
      const slots = Array.from({ length: 14 }, (_, slot) => Date.parse(thisMonthAt(slot, now)));
      for (const at of slots) {
        expect(at, `${minutes} min into the month`).toBeGreaterThan(monthStart);
        expect(at).toBeLessThan(now);
      }
      for (let i = 1; i < slots.length; i++) expect(slots[i]).toBeLessThan(slots[i - 1]!);
    }
  });

  it('steps 40 minutes from an hour ago once the month is ten hours old', () => {
    const now = monthStart + 10 * 60 * MINUTE;
    expect(now - Date.parse(thisMonthAt(0, now))).toBe(60 * MINUTE);
    expect(Date.parse(thisMonthAt(3, now)) - Date.parse(thisMonthAt(4, now))).toBe(40 * MINUTE);
    // One person's 45-mile trips in adjacent slots do not overlap.
    expect(minTripMs(4500)).toBeLessThanOrEqual(40 * MINUTE);
  });

  it('at 04:00 on the 1st, adjacent slots still hold 18-mile trips', () => {
    const now = monthStart + 4 * 60 * MINUTE;
    expect(Date.parse(thisMonthAt(0, now)) - Date.parse(thisMonthAt(1, now))).toBeGreaterThanOrEqual(minTripMs(1800));
  });

  it('refuses a slot it has no room for', () => {
    expect(() => thisMonthAt(14)).toThrow(/slot 14/);
  });
});
