import { describe, expect, it } from 'vitest';
import { matchesSearch } from './format';

const zoe = { firstName: 'Zo\u00eb', lastName: 'Adams', email: 'zoe@acme.test', employeeNumber: 'E-1' };

describe('matchesSearch', () => {
  it('finds "Zoë" however the name and the term were typed (precomposed or with a combining diaeresis), in any case', () => {
    for (const term of ['Zo\u00eb', 'Zoe\u0308', 'zo\u00eb', 'ZO\u00cb', 'ZOE\u0308 ADAMS', '\u00eb']) expect(matchesSearch(zoe, term), JSON.stringify(term)).toBe(true);
    expect(matchesSearch({ ...zoe, firstName: 'Zoe\u0308' }, 'Zo\u00eb')).toBe(true);
    expect(matchesSearch(zoe, 'Zoey')).toBe(false);
  });

  it('takes a term of nothing visible as no search', () => {
    expect(matchesSearch(zoe, '\u200B\u00A0')).toBe(true);
    expect(matchesSearch(zoe, 'nobody')).toBe(false);
  });
});
