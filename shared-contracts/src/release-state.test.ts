import { describe, expect, it } from 'vitest';
import { abortOf, age, canaryIsOff, offCanaryPromotion } from './release-state';

const line = (action: string, remote: string, version: string, from: string | null = null) => ({ action, remote, version, from });

describe('release state', () => {
  it('a canary is off at share 0 with no targeted company only', () => {
    expect(canaryIsOff({ percent: 0, companies: [] })).toBe(true);
    expect(canaryIsOff({ percent: 0, companies: ['co-1'] })).toBe(false);
    expect(canaryIsOff({ percent: 5, companies: [] })).toBe(false);
    expect(canaryIsOff(null)).toBe(false);
  });

  it('names the abort in force: the latest one of that version, over a promotion of another version, until a canary of it restarts it', () => {
    const abort = line('abort-canary', 'mfe-auth', '1.0.0', '1.1.0');
    // Newest first, as the console shows the history.
    expect(abortOf([line('promote', 'mfe-auth', '1.2.0', '1.0.0'), line('canary', 'mfe-billing', '1.1.0'), abort, line('canary', 'mfe-auth', '1.1.0')], 'mfe-auth', '1.1.0')).toBe(abort);
    expect(abortOf([line('canary', 'mfe-auth', '1.1.0'), abort], 'mfe-auth', '1.1.0')).toBeNull();
    expect(abortOf([abort], 'mfe-auth', '1.3.0')).toBeNull();
    expect(abortOf([abort], 'mfe-billing', '1.1.0')).toBeNull();
  });

  it('says how long ago in the unit the status table uses, and "-" when it cannot', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(age('2026-11-25T11:59:15Z', now)).toBe('45s');
    expect(age('2026-11-25T11:55:00Z', now)).toBe('5m');
    expect(age('2026-11-25T09:00:00Z', now)).toBe('3h');
    expect(age('2026-11-23T12:00:00Z', now)).toBe('2d');
    expect(age('2026-11-25T12:00:05Z', now)).toBe('0s');
    expect(age(null, now)).toBe('-');
    expect(age('not a date', now)).toBe('-');
  });

  it('refuses the promotion of an off canary with what to do instead', () => {
    expect(offCanaryPromotion('mfe-auth', '1.1.0')).toMatch(/^mfe-auth's canary 1\.1\.0 is at share 0 .*pnpm release canary mfe-auth 1\.1\.0 --percent 10/);
  });
});
