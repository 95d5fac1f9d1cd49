import { REMOTES } from '@portal/shared-contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_EXPOSES } from '../../exposes.config.mjs';

describe('exposed modules', () => {
  it('are exactly the ones the contracts list for mfe-onboarding, each with a file', () => {
    const names = Object.keys(REMOTE_EXPOSES).map((k) => k.replace(/^\.\//, ''));
    expect(names.sort()).toEqual([...REMOTES['mfe-onboarding'].exposes].sort());
    for (const file of Object.values(REMOTE_EXPOSES)) expect(existsSync(path.resolve(import.meta.dirname, '../..', file))).toBe(true);
  });

  it('each has a default export that is a component', async () => {
    for (const file of Object.values(REMOTE_EXPOSES)) {
      const mod = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../..', file))) as { default: unknown };
      expect(typeof mod.default).toBe('function');
    }
  });
});
