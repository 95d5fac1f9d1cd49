import type { BuildRef, ReleaseManifest, RemoteId } from '@portal/shared-contracts';

/** How many earlier stable versions a remote keeps for rollback. */
export const PREVIOUS_KEPT = 10;

export function emptyManifest(shell: ReleaseManifest['shell']): ReleaseManifest {
  return { schemaVersion: 1, shell, overrideOrigins: [], remotes: {} };
}

/** The manifest path of a build, on this server or under a remote store's base URL. */
export function entryFor(remote: RemoteId, version: string, baseUrl: string | null = null): string {
  return `${baseUrl ?? ''}/remotes/${remote}/${version}/mf-manifest.json`;
}

/**
 * Makes `build` the stable version of `remote`; the one it replaces goes first in `previous`.
 * Returns a new manifest and the version replaced (null when there was none).
 */
export function setStable(
  manifest: ReleaseManifest,
  remote: RemoteId,
  build: BuildRef,
  now = new Date(),
): { manifest: ReleaseManifest; replaced: string | null } {
  const current = manifest.remotes[remote];
  const replaced = current?.stable.version ?? null;
  const previous = current
    ? [current.stable, ...current.previous.filter((p) => p.version !== build.version && p.version !== current.stable.version)]
    : [];
  const canary = current?.canary && current.canary.version !== build.version ? current.canary : null;
  return {
    manifest: {
      ...manifest,
      remotes: {
        ...manifest.remotes,
        [remote]: {
          stable: build,
          canary,
          previous: replaced === build.version ? (current?.previous ?? []) : previous.slice(0, PREVIOUS_KEPT),
          updatedAt: now.toISOString(),
        },
      },
    },
    replaced,
  };
}

/** A canary of `remote`: `percent` of audiences (sticky) plus every user of the listed companies. */
export function setCanary(
  manifest: ReleaseManifest,
  remote: RemoteId,
  build: BuildRef,
  percent: number,
  companies: string[],
  now = new Date(),
): { manifest: ReleaseManifest; replaced: string | null } {
  const current = manifest.remotes[remote];
  if (!current) throw new Error(`${remote} has no stable version yet`);
  return {
    manifest: {
      ...manifest,
      remotes: {
        ...manifest.remotes,
        [remote]: { ...current, canary: { ...build, percent, companies }, updatedAt: now.toISOString() },
      },
    },
    replaced: current.canary?.version ?? null,
  };
}

/** Back to the stable version before the current one; the current one leaves the rollback list. */
export function rollBack(
  manifest: ReleaseManifest,
  remote: RemoteId,
  now = new Date(),
): { manifest: ReleaseManifest; from: string; to: BuildRef } | null {
  const current = manifest.remotes[remote];
  const [to, ...rest] = current?.previous ?? [];
  if (!current || !to) return null;
  return {
    manifest: {
      ...manifest,
      remotes: {
        ...manifest.remotes,
        // A canary built on top of the version being withdrawn is withdrawn with it.
        [remote]: { stable: to, canary: null, previous: rest, updatedAt: now.toISOString() },
      },
    },
    from: current.stable.version,
    to,
  };
}
