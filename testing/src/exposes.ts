import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES, type RemoteId } from '@portal/shared-contracts';

/** The build (@portal/build-config) exposes `./AdminUsersPage` from `src/exposes/admin-users-page.tsx`. */
const fileOf = (name: string) => `${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;

const isModule = (file: string) => /\.[cm]?[jt]sx?$/.test(file) && !/\.test\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts');

const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol');

/** How the files of a remote's `src/exposes/` differ from its contract: both lists empty when they match. */
export function exposesMismatch(remote: RemoteId, files: readonly string[]): { missing: string[]; unexpected: string[] } {
  const expected = REMOTES[remote].exposes.map(fileOf);
  const modules = files.filter(isModule);
  return {
    missing: expected.filter((file) => !modules.includes(file)),
    unexpected: modules.filter((file) => !expected.includes(file)).sort(),
  };
}

/**
 * Checks a remote's `src/exposes/` folder against its entry in `REMOTES`: one file for each module
 * the contracts list and no other, each with a component as its default export. Called from the
 * folder itself: `describeExposes('mfe-auth', import.meta.dirname)`.
 */
export function describeExposes(remote: RemoteId, dir: string): void {
  describe(`${remote} exposed modules`, () => {
    it('are one file for each module the contracts list, and no other', () => {
      expect(exposesMismatch(remote, readdirSync(dir))).toEqual({ missing: [], unexpected: [] });
    });

    it.each(REMOTES[remote].exposes.map(fileOf))('%s has a component as its default export', async (file) => {
      const mod = (await import(/* @vite-ignore */ path.join(dir, file))) as { default?: unknown };
      expect(isComponent(mod.default)).toBe(true);
    });
  });
}
