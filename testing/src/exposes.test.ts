import { describe, expect, it } from 'vitest';
import { exposesMismatch } from './exposes';

const AUTH = [
  'login-page.tsx',
  'signup-page.tsx',
  'forgot-password-page.tsx',
  'reset-password-page.tsx',
  'unsubscribe-page.tsx',
  'change-password-page.tsx',
  'admin-users-page.tsx',
  'audit-log-page.tsx',
  'failed-mail-page.tsx',
];

describe('exposesMismatch', () => {
  it('accepts the kebab-case file of each contract name, beside tests and declarations', () => {
    expect(exposesMismatch('mfe-auth', [...AUTH, 'login-page.test.tsx', 'exposes.test.ts', 'assets.d.ts'])).toEqual({ missing: [], unexpected: [] });
  });

  it('names a module the contracts list that has no file', () => {
    expect(exposesMismatch('mfe-auth', AUTH.slice(1))).toEqual({ missing: ['login-page.tsx'], unexpected: [] });
  });

  it('names a file the contracts do not list, or a module in the wrong kind of file', () => {
    const files = [...AUTH.filter((f) => f !== 'signup-page.tsx'), 'signup-page.ts', 'helpers.ts'];
    expect(exposesMismatch('mfe-auth', files)).toEqual({ missing: ['signup-page.tsx'], unexpected: ['helpers.ts', 'signup-page.ts'] });
  });
});
