import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone';

describe('formatPhoneNumber', () => {
  it('writes a number of the company’s own country in its national format, however it was typed', () => {
    expect(formatPhoneNumber('0113 496 0123', 'GB')).toBe('0113 496 0123');
    expect(formatPhoneNumber('+44 113 496 0123', 'GB')).toBe('0113 496 0123');
    expect(formatPhoneNumber('01134960123', 'gb')).toBe('0113 496 0123');
    expect(formatPhoneNumber('07700742636', 'GB')).toBe('07700 742636');
    expect(formatPhoneNumber('+44 (0) 7700 742636', 'GB')).toBe('07700 742636');
  });

  it('writes another country’s number internationally, never with the trunk 0 after the code', () => {
    expect(formatPhoneNumber('+353 1 234 5678', 'GB')).toBe('+353 1 234 5678');
    expect(formatPhoneNumber('+44 0113 496 0123', 'IE')).toBe('+44 113 496 0123');
    expect(formatPhoneNumber('+44 0113 496 0123', undefined)).toBe('+44 113 496 0123');
    expect(formatPhoneNumber('+1 212 555 0100', 'GB')).toBe('+1 212 555 0100');
  });

  it('leaves what is no phone number as it was typed, and nothing as nothing', () => {
    expect(formatPhoneNumber('ext. 42', 'GB')).toBe('ext. 42');
    expect(formatPhoneNumber('  ', 'GB')).toBe('');
    expect(formatPhoneNumber(null, 'GB')).toBe('');
    expect(formatPhoneNumber('07700 742636', 'XX')).toBe('07700 742636');
  });
});
