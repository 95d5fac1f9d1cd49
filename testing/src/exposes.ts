import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES, type RemoteId } from '@portal/shared-contracts';

/** The build (@portal/build-config) exposes `./AdminUsersPage` from `src/exposes/admin-users-page.tsx`. */
const fileOf = (name: string) => `${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;

const isModule = (file: string) => /\.[cm]?[jt]sx?$/.test(file) && !/\.test\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts');

const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol');

/**
 * The modules a remote exposes: its entry in the contracts' REMOTES or, for a remote built outside
 * this repository, the list from its own remote.json (the packed contracts do not know it).
 */
function exposesOf(remote: RemoteId | (string & {}), own: readonly string[] | undefined): readonly string[] {
  const known = (REMOTES as Record<string, { exposes: readonly string[] } | undefined>)[remote];
  if (own && known) throw new Error(`${remote} is a remote of the portal's contracts: its exposed modules are theirs`);
  const exposes = own ?? known?.exposes;
  if (!exposes) throw new Error(`${remote} is not in the contracts' REMOTES: pass the modules its remote.json lists`);
  return exposes;
}

/** How the files of a remote's `src/exposes/` differ from its contract: both lists empty when they match. */
export function exposesMismatch(remote: RemoteId | (string & {}), files: readonly string[], own?: readonly string[]): { missing: string[]; unexpected: string[] } {
  const expected = exposesOf(remote, own).map(fileOf);
  const modules = files.filter(isModule);
  return {
    missing: expected.filter((file) => !modules.includes(file)),
    unexpected: modules.filter((file) => !expected.includes(file)).sort(),
  };
}

/**
 * Checks a remote's `src/exposes/` folder against its entry in `REMOTES`: one file for each module
 * the contracts list and no other, each with a component as its default export. Called from the
 * folder itself: `describeExposes('mfe-auth', import.meta.dirname)`; a remote built outside this
 * repository passes the modules of its remote.json: `describeExposes(id, dir, remote.exposes)`.
 */
export function describeExposes(remote: RemoteId | (string & {}), dir: string, own?: readonly string[]): void {
  describe(`${remote} exposed modules`, () => {
    it('are one file for each module the contracts list, and no other', () => {
      expect(exposesMismatch(remote, readdirSync(dir), own)).toEqual({ missing: [], unexpected: [] });
    });

    it.each(exposesOf(remote, own).map(fileOf))('%s has a component as its default export', async (file) => {
      const mod = (await import(/* @vite-ignore */ path.join(dir, file))) as { default?: unknown };
      expect(isComponent(mod.default)).toBe(true);
    });
  });
}
