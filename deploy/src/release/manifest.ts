import { REMOTE_IDS, type BuildRef, type ReleaseFreeze, type ReleaseManifest, type RemoteId, type RemoteRelease } from '@portal/shared-contracts';

/** The contracts' remotes, then those released that this tree was not built with (docs/decisions/0050). */
export function remoteIdsOf(manifest: ReleaseManifest | null): RemoteId[] {
  const added = Object.keys(manifest?.remotes ?? {}).filter((id) => !(REMOTE_IDS as readonly string[]).includes(id)).sort();
  return [...REMOTE_IDS, ...(added as RemoteId[])];
}

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

/** The freezes whose end is still ahead: an ended freeze is dropped at the next change and never served. */
export function freezesInForce(manifest: ReleaseManifest, now = new Date()): ReleaseFreeze[] {
  return (manifest.freezes ?? []).filter((f) => Date.parse(f.until) > now.getTime());
}

/** The manifest without its ended freezes (the key left out when none is left, as before freezes). */
export function withoutEndedFreezes(manifest: ReleaseManifest, now = new Date()): ReleaseManifest {
  const { freezes: _all, ...rest } = manifest;
  const kept = freezesInForce(manifest, now);
  return kept.length ? { ...rest, freezes: kept } : rest;
}

/**
 * Freezes a company's versions until `until`: each remote's release as it is now, stable, canary
 * (with its share and companies, so each user keeps the choice they had) and earlier stables, without
 * the canary's guard (the guard watches the release in force). A company already frozen keeps what
 * it holds and gets the new end.
 */
export function setFreeze(
  manifest: ReleaseManifest,
  companyId: string,
  until: Date,
  now = new Date(),
): { manifest: ReleaseManifest; extended: ReleaseFreeze | null } {
  const kept = freezesInForce(manifest, now);
  const existing = kept.find((f) => f.companyId === companyId) ?? null;
  const held: ReleaseFreeze['remotes'] = {};
  for (const [remote, r] of Object.entries(manifest.remotes) as [RemoteId, RemoteRelease][]) {
    const { guard: _guard, ...canary } = r.canary ?? { guard: undefined };
    held[remote] = { ...r, canary: r.canary ? (canary as NonNullable<RemoteRelease['canary']>) : null };
  }
  const freeze: ReleaseFreeze = existing
    ? { ...existing, until: until.toISOString() }
    : { companyId, since: now.toISOString(), until: until.toISOString(), remotes: held };
  return {
    manifest: { ...manifest, freezes: [...kept.filter((f) => f.companyId !== companyId), freeze] },
    extended: existing,
  };
}

/** Ends a company's freeze now: its users get what everyone gets on their next load. Null when it has none in force. */
export function endFreeze(manifest: ReleaseManifest, companyId: string, now = new Date()): ReleaseManifest | null {
  const kept = freezesInForce(manifest, now);
  if (!kept.some((f) => f.companyId === companyId)) return null;
  return withoutEndedFreezes({ ...manifest, freezes: kept.filter((f) => f.companyId !== companyId) }, now);
}

/**
 * The exception to a freeze: a version that fails is withdrawn from frozen companies too. Every
 * freeze holding `version` of `remote` as its canary stops that canary (share 0, as an abort leaves
 * it); with `replacement`, a freeze holding it as stable takes `replacement` (what a rollback leaves
 * everyone) instead. Returns the manifest and the companies whose freeze changed.
 */
export function withdrawFromFreezes(
  manifest: ReleaseManifest,
  remote: RemoteId,
  version: string,
  replacement: RemoteRelease | null,
  now = new Date(),
): { manifest: ReleaseManifest; companies: string[] } {
  const companies: string[] = [];
  const freezes = freezesInForce(manifest, now).map((f) => {
    const held = f.remotes[remote];
    if (!held) return f;
    let next = held;
    if (replacement && held.stable.version === version) next = replacement;
    else if (held.canary && held.canary.version === version && !(held.canary.percent <= 0 && held.canary.companies.length === 0)) {
      next = { ...held, canary: { ...held.canary, percent: 0, companies: [] } };
    }
    if (next === held) return f;
    companies.push(f.companyId);
    return { ...f, remotes: { ...f.remotes, [remote]: next } };
  });
  return { manifest: companies.length ? { ...manifest, freezes } : manifest, companies };
}
