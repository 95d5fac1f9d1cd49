import { REMOTE_IDS, REMOTES, type RemoteId } from '@portal/shared-contracts/remotes';
import type { RemoteApp, ResolvedRemote } from '@portal/shared-contracts/release';

// Remotes this shell was not built with (docs/decisions/0050): it learns them from the builds
// release.json gives this page (each carries its descriptor, validated by chooseVersions), so that a
// remote made with `pnpm create-remote` shows after a promote without the shell being built again.

const added = new Map<string, RemoteApp>();
/** Bumped on every change, so that what is worked out from the list (the added pages) can be kept until then. */
let changes = 0;

export const addedRemotesChanges = () => changes;

export const isBuiltIn = (id: string): id is RemoteId => (REMOTE_IDS as readonly string[]).includes(id);

/** Keeps the descriptors of the page's added remotes (at start-up and when sign-in changes the versions). */
export function learnRemotes(resolved: Partial<Record<string, ResolvedRemote>>): void {
  for (const r of Object.values(resolved))
    if (r?.app && !isBuiltIn(r.remote) && !added.has(r.remote)) {
      added.set(r.remote, r.app);
      changes++;
    }
}

/** The added remotes this page knows, in the order release.json listed them. */
export function addedRemotes(): readonly [string, RemoteApp][] {
  return [...added];
}

/** Container name and feature name of a built-in or an added remote (undefined: neither). */
export function remoteInfo(id: string): { mfName: string; feature: string } | undefined {
  return isBuiltIn(id) ? REMOTES[id] : added.get(id);
}

/** The remote whose container a `loadRemote` id (`<mfName>/<module>`) names. */
export function remoteOfModule(moduleId: string): RemoteId | undefined {
  const mfName = moduleId.split('/')[0];
  const builtIn = REMOTE_IDS.find((r) => REMOTES[r].mfName === mfName);
  if (builtIn) return builtIn;
  for (const [id, app] of added) if (app.mfName === mfName) return id as RemoteId;
  return undefined;
}

/** Tests: forget what was learnt. */
export function forgetAddedRemotes(): void {
  added.clear();
  changes++;
}
