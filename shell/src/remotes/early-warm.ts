import { STORAGE_KEYS } from '@portal/shared-contracts/constants';
import type { ReleaseManifest } from '@portal/shared-contracts/release';
import type { RemoteId } from '@portal/shared-contracts/remotes';
import { chooseVersions, namesAddedRemotes } from '../release/choose-version';
import { remoteInfo } from './added-remotes';
import type { FederationRuntime } from './remote-registry';
import { hasBrowserSession } from '../session/session-store';

/**
 * Whether someone may be signed in on this page, read without waiting (no schema, no call): a stored
 * session in either storage, or a browser-long one the server may still hold. The page's module is
 * fetched ahead only then; the session itself is `readStoredSession`'s answer.
 */
export function maySignedIn(): boolean {
  const has = (s: () => Storage) => {
    try {
      return s().getItem(STORAGE_KEYS.userId) !== null;
    } catch {
      return false;
    }
  };
  return has(() => localStorage) || has(() => sessionStorage) || hasBrowserSession();
}

/**
 * The build of a page's remote that every visitor of this browser gets, or null when the choice
 * depends on who signs in: a canary of that remote (a sticky share of users, targeted companies),
 * a company's freeze, a remote added since the shell was built (its descriptor is checked first).
 * A preview link is the browser's, not the user's: it counts.
 */
export function sameForEveryone(manifest: ReleaseManifest, remote: RemoteId, shellContractsVersion: string, now = Date.now()) {
  if (namesAddedRemotes(manifest) || (manifest.freezes?.length ?? 0) > 0) return null;
  const release = manifest.remotes[remote];
  if (!release || release.canary) return null;
  return chooseVersions(manifest, { key: '', companyId: null }, shellContractsVersion, now).resolved[remote] ?? null;
}

/** The part of the federation runtime the early warm uses. */
export type EarlyRuntime = Pick<FederationRuntime, 'registerRemotes' | 'preloadRemote'>;

/**
 * A signed-in page's first visit (docs/decisions/0067): the shell knows from the address which remote
 * module draws the page, and release.json says which build, before the session is known. The
 * module's remote is registered and its files (manifest, entry, the module's chunks) fetched while
 * the session is checked and the layout drawn, instead of after. Only when the build is the one
 * anyone gets: the registry then registers the same entry (a no-op), so the page cannot end up on
 * another user's build. Warmed as a tab's page is (`rel=prefetch`): nothing is left unused on the
 * console when the session has ended and the login page is shown instead.
 */
export function warmFirstPage(
  runtime: EarlyRuntime,
  manifest: ReleaseManifest | null,
  route: { remote: RemoteId; module: string } | undefined,
  shellContractsVersion: string,
): boolean {
  if (!manifest || !route || !runtime.preloadRemote) return false;
  const choice = sameForEveryone(manifest, route.remote, shellContractsVersion);
  const name = remoteInfo(route.remote)?.mfName;
  if (!choice || !name) return false;
  runtime.registerRemotes([{ name, entry: choice.entry }]);
  runtime.preloadRemote([{ nameOrAlias: name, exposes: [route.module], resourceCategory: 'sync' }]).catch(() => {});
  return true;
}
