import { REMOTE_IDS, type RemoteId } from '@portal/shared-contracts/remotes';
import { contractsMajor } from '@portal/shared-contracts/release-manifest';
import type { BuildRef, ReleaseManifest, RemoteRelease, ResolvedRemote } from '@portal/shared-contracts/release';

/** Who is asking: a user id once signed in, a device id before; the company for targeted canaries. */
interface Audience {
  key: string;
  companyId?: string | null;
}

/**
 * FNV-1a (32 bit). Not cryptographic: it only needs to spread ids evenly and give the same answer
 * on every load and in every browser, which Math.random or a salted hash would not.
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The audience's bucket 0..99 for one remote. The remote id salts the hash so that the same 10% of
 * users are not the guinea pigs of every canary at once.
 */
export function bucketOf(key: string, remote: RemoteId): number {
  return fnv1a(`${remote}:${key}`) % 100;
}

function isCompatible(build: Pick<BuildRef, 'contractsVersion'>, shellContractsVersion: string): boolean {
  const major = contractsMajor(build.contractsVersion);
  return Number.isFinite(major) && major === contractsMajor(shellContractsVersion);
}

interface Choice {
  resolved: ResolvedRemote | null;
  /** The stable build to fall back to when a canary fails to load (null when the choice is stable). */
  fallback: ResolvedRemote | null;
  /** Why the release's preferred build was not used; the caller logs it with console.warn. */
  warnings: string[];
}

function toResolved(remote: RemoteId, build: BuildRef, reason: ResolvedRemote['reason'], note?: string): ResolvedRemote {
  return { remote, version: build.version, entry: build.entry, reason, ...(note ? { note } : {}), ...(build.app ? { app: build.app } : {}) };
}

/**
 * One version per remote (DESIGN.md section 3): the canary for targeted companies or for a sticky
 * percentage of audiences, otherwise stable; a build made against another contracts major is never
 * used, in which case the newest compatible earlier stable stands in.
 */
export function chooseVersion(
  remote: RemoteId,
  release: RemoteRelease,
  audience: Audience,
  shellContractsVersion: string,
): Choice {
  const warnings: string[] = [];
  const stableOk = isCompatible(release.stable, shellContractsVersion);
  let stable: ResolvedRemote | null = null;
  if (stableOk) {
    stable = toResolved(remote, release.stable, 'stable');
  } else {
    const earlier = release.previous.find((b) => isCompatible(b, shellContractsVersion));
    const why = `${remote}@${release.stable.version} was built against contracts ${release.stable.contractsVersion}, the shell uses ${shellContractsVersion}`;
    if (earlier) {
      warnings.push(`${why}: using ${earlier.version} instead.`);
      stable = toResolved(remote, earlier, 'fallback', why);
    } else {
      warnings.push(`${why}: no compatible build, the feature is unavailable.`);
    }
  }

  const canary = release.canary;
  if (canary) {
    const targeted = !!audience.companyId && canary.companies.includes(audience.companyId);
    const inPercent = bucketOf(audience.key, remote) < canary.percent;
    if (targeted || inPercent) {
      if (isCompatible(canary, shellContractsVersion)) {
        return {
          resolved: toResolved(remote, canary, 'canary'),
          fallback: stable,
          warnings,
        };
      }
      const note = `canary ${remote}@${canary.version} was built against contracts ${canary.contractsVersion}, the shell uses ${shellContractsVersion}: using stable`;
      warnings.push(`${note}.`);
      return { resolved: stable && { ...stable, note: stable.note ?? note }, fallback: null, warnings };
    }
  }
  return { resolved: stable, fallback: null, warnings };
}

interface ReleaseChoice {
  resolved: Partial<Record<RemoteId, ResolvedRemote>>;
  fallbacks: Partial<Record<RemoteId, ResolvedRemote>>;
  warnings: string[];
}

/**
 * The releases a company's users get while its versions are frozen (docs/decisions/0042): the freeze
 * of that company whose end is still ahead, else none. The portal serves no freeze that has ended; the
 * end is checked here too for a page that read release.json just before.
 */
export function frozenReleases(manifest: ReleaseManifest, companyId: string | null | undefined, now = Date.now()): ReleaseManifest['remotes'] | null {
  if (!companyId) return null;
  const freeze = manifest.freezes?.find((f) => f.companyId === companyId && Date.parse(f.until) > now);
  return freeze?.remotes ?? null;
}

const isBuiltIn = (id: string) => (REMOTE_IDS as readonly string[]).includes(id);

/**
 * Whether release.json names a remote this shell was not built with (docs/decisions/0050): the caller
 * then runs `checkAddedRemotes` (check-added.ts, fetched only then) and passes `added`.
 */
export function namesAddedRemotes(manifest: ReleaseManifest): boolean {
  return Object.keys(manifest.remotes).some((id) => !isBuiltIn(id)) || (!!manifest.preview && !isBuiltIn(manifest.preview.remote));
}

/**
 * Every remote of the manifest; remotes missing from it stay unresolved (their slots say unavailable).
 * A frozen company's users get each remote's release as it was when the freeze began, the canary's
 * sticky share included; a remote released since then takes what everyone gets. A browser in a
 * preview link (release.json's `preview`, added by the portal server from its cookie) runs the
 * previewed build of that one remote on top of all this, falling back to what it would otherwise get.
 */
export function chooseVersions(
  manifest: ReleaseManifest,
  audience: Audience,
  shellContractsVersion: string,
  now = Date.now(),
  /** The manifest's remotes this shell was not built with have been checked (`checkAddedRemotes`): choose them too. */
  added = false,
): ReleaseChoice {
  const out: ReleaseChoice = { resolved: {}, fallbacks: {}, warnings: [] };
  const frozen = frozenReleases(manifest, audience.companyId, now);
  const ids = added ? [...new Set([...REMOTE_IDS, ...(Object.keys(manifest.remotes) as RemoteId[])])] : REMOTE_IDS;
  for (const id of ids) {
    const release = frozen?.[id] ?? manifest.remotes[id];
    if (!release) continue;
    const choice = chooseVersion(id, release, audience, shellContractsVersion);
    if (choice.resolved) out.resolved[id] = choice.resolved;
    if (choice.fallback) out.fallbacks[id] = choice.fallback;
    out.warnings.push(...choice.warnings);
  }
  const preview = manifest.preview;
  if (preview && Date.parse(preview.until) > now && (added || isBuiltIn(preview.remote))) {
    if (isCompatible(preview.build, shellContractsVersion)) {
      const otherwise = out.resolved[preview.remote];
      out.resolved[preview.remote] = toResolved(preview.remote, preview.build, 'preview');
      if (otherwise) out.fallbacks[preview.remote] = otherwise;
      else delete out.fallbacks[preview.remote];
    } else {
      out.warnings.push(`preview ${preview.remote}@${preview.build.version} was built against contracts ${preview.build.contractsVersion}, the shell uses ${shellContractsVersion}: not used.`);
    }
  }
  return out;
}

/** The value of the release header: `mfe-auth@1.0.0-abc;mfe-employees@1.5.0-def`. */
export function releaseHeaderValue(resolved: Partial<Record<RemoteId, ResolvedRemote>>): string {
  const added = (Object.keys(resolved) as RemoteId[]).filter((id) => !isBuiltIn(id));
  return [...REMOTE_IDS, ...added].flatMap((id) => {
    const r = resolved[id];
    return r ? [`${id}@${r.version}`] : [];
  }).join(';');
}
