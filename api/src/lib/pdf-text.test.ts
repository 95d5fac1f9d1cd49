import { describe, expect, it } from 'vitest';
import { REPLACEMENT, drawable } from './pdf-text';

describe('drawable: text as the invoice font can draw it', () => {
  it('keeps every letter the font has, composed', () => {
    for (const name of ['Łódź Spółka Zażółć', 'Ærøskøbing Brød ApS', 'Ğüneş Şirketi', 'Ελληνική Εταιρεία', 'Общество с ограниченной ответственностью', '£1,250.00']) {
      expect(drawable(name, 'regular')).toBe(name);
      expect(drawable(name, 'bold')).toBe(name);
    }
    expect(drawable('Nguye\u0302\u0303n', 'bold')).toBe('Nguyễn');
  });

  it('puts one replacement for each character the font lacks, however many code points it has', () => {
    expect(drawable('東京 Ltd', 'regular')).toBe(`${REPLACEMENT}${REPLACEMENT} Ltd`);
    // A thumbs-up with a skin tone, a family joined by zero-width joiners, a car: one mark each.
    expect(drawable('👍🏽 👨‍👩‍👧 🚗', 'regular')).toBe(`${REPLACEMENT} ${REPLACEMENT} ${REPLACEMENT}`);
  });

  it('draws line breaks and tabs as spaces, and keeps what the font has of a sequence with a variation selector', () => {
    expect(drawable('12 High St\r\nFloor\t3', 'regular')).toBe('12 High St Floor 3');
    expect(drawable('I ❤️ Leeds', 'regular')).toBe('I ❤️ Leeds');
  });
});
