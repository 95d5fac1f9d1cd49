import { describe, expect, it } from 'vitest';
import { overridesInPlay } from './override-request';
import { writeOverrides } from './overrides';

describe('whether development overrides are in play', () => {
  it('is so for a link that sets or resets one, or overrides this browser keeps, and not otherwise', () => {
    localStorage.clear();
    expect(overridesInPlay('', localStorage)).toBe(false);
    expect(overridesInPlay('?employer_id=1', localStorage)).toBe(false);
    expect(overridesInPlay('?override=mfe-employees=http://localhost:3003', localStorage)).toBe(true);
    expect(overridesInPlay('?override-reset', localStorage)).toBe(true);
    writeOverrides(localStorage, { 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
    expect(overridesInPlay('', localStorage)).toBe(true);
    writeOverrides(localStorage, {});
    expect(overridesInPlay('', localStorage)).toBe(false);
  });

  it('is not when the browser refuses storage', () => {
    const refusing = { getItem: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as Storage;
    expect(overridesInPlay('', refusing)).toBe(false);
  });
});
