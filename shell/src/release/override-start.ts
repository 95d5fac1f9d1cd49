import { REMOTE_IDS, REMOTES, type RemoteId } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import { applyOverrides, confirmOverrides, isAllowedOverride, takeOverrideRequest, writeOverrides, type Overrides } from './overrides';

/**
 * What the shell's start-up does with development overrides (docs/decisions/0016), fetched with
 * ./overrides only when overrides are in play (override-request.ts): a visitor of a release, the
 * login page's included, does not load it.
 */
export function startOverrides(sources: readonly string[]) {
  // The link's override parameters, then removed from the address bar so that a reload does not ask again.
  const { kept, pending, present } = takeOverrideRequest(window.location.search, localStorage);
  if (present) {
    const url = new URL(window.location.href);
    url.searchParams.delete('override');
    url.searchParams.delete('override-reset');
    window.history.replaceState(window.history.state, '', url.href);
  }
  // A link's overrides wait for the user's yes; those the deployment would refuse are not even asked.
  const asked: Overrides = {};
  const refusedFromLink: { remote: RemoteId; entry: string }[] = [];
  for (const [remote, entry] of Object.entries(pending) as [RemoteId, string][]) {
    if (isAllowedOverride(entry, sources)) asked[remote] = entry;
    else refusedFromLink.push({ remote, entry });
  }

  return {
    apply: (resolved: Partial<Record<RemoteId, ResolvedRemote>>) => applyOverrides(resolved, kept, sources),
    refusedFromLink,
    pending: Object.entries(asked).map(([remote, entry]) => ({ remote, entry })),
    /** After the first choice: its refused overrides are reported on this load and not kept for the next. */
    report(refused: readonly { remote: RemoteId }[]) {
      if (refused.length) {
        const next = { ...kept };
        for (const r of refused) delete next[r.remote];
        writeOverrides(localStorage, next);
      }
      for (const r of refusedFromLink) console.warn(`Override of ${r.remote} to ${r.entry} refused: not a source this deployment allows.`);
    },
    reset() {
      writeOverrides(localStorage, {});
      window.location.reload();
    },
    confirm() {
      confirmOverrides(localStorage, asked);
      window.location.reload();
    },
    /**
     * A remote's development server announces each applied update. A production build of React
     * cannot refresh components in place, so the overridden remote's container is loaded afresh.
     */
    reloadOnUpdates(registry: { reloadOverride(remote: RemoteId): boolean }) {
      window.addEventListener('portal:remote-updated', (event) => {
        const name = (event as CustomEvent<{ name?: string }>).detail?.name;
        const remote = REMOTE_IDS.find((id) => REMOTES[id].mfName === name);
        if (remote && registry.reloadOverride(remote)) console.info(`[portal] ${remote} changed on its development server: reloaded it`);
      });
    },
  };
}
