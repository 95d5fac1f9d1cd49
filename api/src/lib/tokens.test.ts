import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens';

describe('hashToken', () => {
  it('is the SHA-256 of the token in UTF-8, as stored hashes were made', () => {
    // FIPS 180-2's example: sessions and reset links stored before keep matching.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const token of [newToken(), 'zoë ✓ \u{1F600}', '']) {
      expect(hashToken(token)).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    }
  });
});
