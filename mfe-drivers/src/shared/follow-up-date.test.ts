import { describe, expect, it } from 'vitest';
import { followUpIso, followUpText, fromLocalInput, maskFollowUp, parseFollowUp, stepFollowUp, toLocalInput } from './follow-up-date';

const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi);

describe('the follow-up text dd-MM-yyyy HH:mm', () => {
  it('reads a complete, real date and time in the browser time zone', () => {
    expect(parseFollowUp('05-03-2026 14:30')).toEqual(local(2026, 3, 5, 14, 30));
    expect(followUpIso('05-03-2026 14:30')).toBe(local(2026, 3, 5, 14, 30).toISOString());
  });

  it.each(['', '05-03-2026', '5-3-2026 14:30', '31-02-2026 10:00', '05-13-2026 10:00', '05-03-2026 24:00', '05-03-2026 10:60', '2026-03-05 10:00'])(
    'refuses %j',
    (text) => {
      expect(parseFollowUp(text)).toBeNull();
      expect(followUpIso(text)).toBe('');
    },
  );

  it('writes an ISO date-time back as the same text', () => {
    const iso = local(2026, 12, 1, 9, 5).toISOString();
    expect(followUpText(iso)).toBe('01-12-2026 09:05');
    expect(followUpText(null)).toBe('');
  });
});

describe('the mask', () => {
  it('puts the separators between the digits as they are typed', () => {
    expect(maskFollowUp('0').text).toBe('0');
    expect(maskFollowUp('05').text).toBe('05');
    expect(maskFollowUp('053').text).toBe('05-3');
    expect(maskFollowUp('05032026143').text).toBe('05-03-2026 14:3');
    expect(maskFollowUp('050320261430').text).toBe('05-03-2026 14:30');
  });

  it('takes other separators and drops what does not fit', () => {
    expect(maskFollowUp('05/03/2026, 14.30').text).toBe('05-03-2026 14:30');
    expect(maskFollowUp('05-03-2026 14:3099').text).toBe('05-03-2026 14:30');
  });

  it('keeps the caret after the same digit', () => {
    // "05-03-2026" with a 1 typed after "05-0": the caret follows the 1.
    expect(maskFollowUp('05-013-2026', 5)).toEqual({ text: '05-01-3202 6', caret: 5 });
    expect(maskFollowUp('05-03', 3)).toEqual({ text: '05-03', caret: 3 });
    expect(maskFollowUp('05-03', 2)).toEqual({ text: '05-03', caret: 2 });
  });
});

describe('the arrow keys', () => {
  const now = local(2026, 3, 5, 14, 20);

  it('start from the next whole hour when the field holds no date', () => {
    expect(stepFollowUp('', 0, 1, now)).toEqual({ text: '05-03-2026 15:00', caret: 0 });
    expect(stepFollowUp('05-0', 4, 1, now).text).toBe('05-03-2026 15:00');
  });

  it.each([
    [1, 1, '06-03-2026 14:30'],
    [2, -1, '04-03-2026 14:30'],
    [4, 1, '05-04-2026 14:30'],
    [8, -1, '05-03-2025 14:30'],
    [12, 1, '05-03-2026 15:30'],
    [16, -1, '05-03-2026 14:29'],
  ] as const)('at caret %i, %i changes that part: %s', (caret, delta, text) => {
    expect(stepFollowUp('05-03-2026 14:30', caret, delta, now)).toEqual({ text, caret });
  });

  it('roll over as a calendar does', () => {
    expect(stepFollowUp('31-12-2026 23:59', 16, 1, now).text).toBe('01-01-2027 00:00');
    expect(stepFollowUp('31-01-2026 10:00', 4, 1, now).text).toBe('28-02-2026 10:00');
    expect(stepFollowUp('29-02-2028 10:00', 8, 1, now).text).toBe('28-02-2029 10:00');
  });
});

describe('the native date-time control', () => {
  it('converts both ways', () => {
    const iso = local(2026, 3, 5, 14, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-03-05T14:30');
    expect(fromLocalInput('2026-03-05T14:30')).toBe(iso);
    expect(toLocalInput('')).toBe('');
    expect(fromLocalInput('')).toBe('');
  });
});
