import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES, type RemoteId } from '@portal/shared-contracts';

/** The build (@portal/build-config) exposes `./AdminUsersPage` from `src/exposes/admin-users-page.tsx`. */
const fileOf = (name: string) => `${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;

const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol');

/**
 * Checks a remote's `src/exposes/` folder against its entry in `REMOTES`: one file for each module
 * the contracts list and nothing else, each with a component as its default export. Call it from
 * the folder itself: `describeExposes('mfe-auth', import.meta.dirname)`.
 */
export function describeExposes(remote: RemoteId, dir: string): void {
  const expected = REMOTES[remote].exposes.map(fileOf);
  describe(`${remote} exposed modules`, () => {
    it('are one file for each module the contracts list, and no other', () => {
      const modules = readdirSync(dir).filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !/\.test\.[jt]sx?$/.test(file) && !file.endsWith('.d.ts'));
      expect(modules.sort()).toEqual([...expected].sort());
    });

    it.each(expected)('%s has a component as its default export', async (file) => {
      const mod = (await import(/* @vite-ignore */ path.join(dir, file))) as { default?: unknown };
      expect(isComponent(mod.default)).toBe(true);
    });
  });
}
