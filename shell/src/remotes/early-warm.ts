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

/** The part of the federation runtime the early warm uses: its `loadRemote` with the runtime's options. */
export interface EarlyRuntime {
  registerRemotes: FederationRuntime['registerRemotes'];
  loadRemote(id: string, options: { loadFactory: false; from: 'runtime' }): Promise<unknown>;
}

/**
 * A signed-in page's first visit (docs/decisions/0067, 0070): the shell knows from the address which
 * remote module draws the page, and release.json says which build, before the session is known. The
 * module's remote is registered and its files fetched while the session is checked and the layout
 * drawn, instead of after: the manifest, the entry, the module's chunks and stylesheet, and the
 * shell's shared entries the module consumes (the endpoint table, the messages, the data layer...),
 * which the runtime resolves only once the container runs. `loadFactory: false` stops there: every
 * file is in, nothing of the page's module or of those entries is evaluated until the page's slot
 * loads it. Only when the build is the one anyone gets: the registry then registers the same entry
 * (a no-op), so the page cannot end up on another user's build. Scripts, not `rel=preload`: nothing
 * is left unused on the console when the session has ended and the login page is shown instead.
 */
export function warmFirstPage(
  runtime: EarlyRuntime,
  manifest: ReleaseManifest | null,
  route: { remote: RemoteId; module: string } | undefined,
  shellContractsVersion: string,
): boolean {
  if (!manifest || !route) return false;
  const choice = sameForEveryone(manifest, route.remote, shellContractsVersion);
  const name = remoteInfo(route.remote)?.mfName;
  if (!choice || !name) return false;
  runtime.registerRemotes([{ name, entry: choice.entry }]);
  // A failure is left for the page's own load to report (and retry).
  runtime.loadRemote(`${name}/${route.module}`, { loadFactory: false, from: 'runtime' }).catch(() => {});
  return true;
}
