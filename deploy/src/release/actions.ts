import { userInfo } from 'node:os';
import { CONTRACTS_VERSION, REMOTE_IDS, type BuildRef, type ReleaseManifest, type RemoteId, type VersionHealth } from '@portal/shared-contracts';
import { abortOf, age, canaryAlreadyOff, canaryIsOff, offCanaryPromotion } from '@portal/shared-contracts/release-state';
import { FREEZE_LIMITS, FREEZE_MESSAGES, isCompanyId, parseFreezeUntil } from '@portal/shared-contracts/release-freeze';
import { DEFAULT_GUARD, formatDuration, type GuardSettings } from './guard';
import { emptyManifest, endFreeze, remoteIdsOf, entryFor, freezesInForce, rollBack, setCanary, setFreeze, setStable, withdrawFromFreezes, withoutEndedFreezes } from './manifest';
import { ReleaseStoreError, assertRemote, assertVersion, type HistoryEntry, type ReleaseStore } from './store';

/**
 * The release actions behind the CLI: each reads the manifest, changes one remote, writes the
 * manifest atomically and appends who did what to the history. The portal reads release.json on
 * every request, so a change reaches users on their next page load.
 */

/** Who is releasing: RELEASE_ACTOR (set it in CI), else the OS user. */
export function releaseActor(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.RELEASE_ACTOR?.trim();
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username || 'unknown';
  } catch {
    return env.USER ?? 'unknown';
  }
}

export interface ActionOptions {
  actor?: string;
  /**
   * The base URL the store's builds are served from (RELEASE_STORE_URL as a URL); null or left out: this
   * server, at /remotes/. Every action that leaves a build in release.json writes its entry there.
   */
  storeUrl?: string | null;
  now?: Date;
  /** Why, for the history (e.g. the figures that made the release guard act). */
  note?: string;
}

function requireManifest(store: ReleaseStore, manifest: ReleaseManifest | null): ReleaseManifest {
  if (!manifest) throw new ReleaseStoreError(`nothing is released in ${store.location} yet (run: pnpm release ensure)`);
  return manifest;
}

function requireReleased(manifest: ReleaseManifest, remote: RemoteId) {
  const r = manifest.remotes[remote];
  if (!r) throw new ReleaseStoreError(`${remote} has no stable version yet (publish it and run: pnpm release promote ${remote} <version>)`);
  return r;
}

/** The manifest entry for a version of the store, with the contracts version the build recorded. */
export async function buildRef(store: ReleaseStore, remote: RemoteId, version: string, storeUrl: string | null = null): Promise<BuildRef> {
  assertVersion(version);
  if (!(await store.hasVersion(remote, version))) {
    const known = await store.listVersions(remote);
    throw new ReleaseStoreError(
      `${remote} ${version} is not in the store${known.length ? ` (published: ${known.slice(-5).join(', ')})` : ' (nothing published yet)'}`,
    );
  }
  const info = await store.readBuildInfo(remote, version);
  if (!info) throw new ReleaseStoreError(`${remote} ${version} has no build-info.json in the store`);
  return {
    version,
    entry: entryFor(remote, version, storeUrl),
    contractsVersion: info.contractsVersion,
    ...(info.publishedAt ? { publishedAt: info.publishedAt } : {}),
    // A remote added after the shell was built: its pages, for the shell to learn (docs/decisions/0050).
    ...(info.app ? { app: info.app } : {}),
  };
}

/**
 * A build recorded in release.json, at the address the store is served from now: the entry the
 * canary and promote actions would write for it (the store may have moved to a CDN since it was recorded).
 */
function servedFrom<B extends BuildRef>(remote: RemoteId, build: B, storeUrl: string | null | undefined): B {
  return { ...build, entry: entryFor(remote, build.version, storeUrl ?? null) };
}

type Change = (current: ReleaseManifest | null) => Promise<{ manifest: ReleaseManifest; entry: Omit<HistoryEntry, 'at'> }>;

/**
 * Applies one release action to the manifest in force at the moment of writing (another release
 * may have landed since the command started: the change is then worked out again on its result),
 * then records it in the history.
 */
async function commit(store: ReleaseStore, now: Date, change: Change): Promise<ReleaseManifest> {
  const landed: { entry?: Omit<HistoryEntry, 'at'> } = {};
  const manifest = await store.updateManifest(async (current) => {
    const next = await change(current);
    landed.entry = next.entry;
    // A freeze that has ended leaves release.json with the next change (it is never served meanwhile).
    return withoutEndedFreezes(next.manifest, now);
  });
  await store.appendHistory({ at: now.toISOString(), ...landed.entry! });
  return manifest;
}

export function describeGuard(g: GuardSettings): string {
  const senders = g.minSenders ?? DEFAULT_GUARD.minSenders;
  return `margin ${g.marginPoints} points, at least ${g.minPageViews} page views from at least ${senders} senders on each side${g.autoPromoteAfterMs ? `, promote after ${formatDuration(g.autoPromoteAfterMs)}` : ''}`;
}

export function parsePercent(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    throw new ReleaseStoreError(`--percent must be a number from 0 to 100 (got ${raw === undefined ? 'nothing' : String(raw)})`);
  }
  return n;
}

export function parseCompanies(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  return [...new Set(String(raw).split(',').map((s) => s.trim()).filter(Boolean))];
}

export async function canary(
  store: ReleaseStore,
  remote: string,
  version: string,
  percent: number,
  companies: string[] = [],
  o: ActionOptions & { guard?: GuardSettings } = {},
): Promise<ReleaseManifest> {
  assertRemote(remote);
  parsePercent(percent);
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    const manifest = requireManifest(store, stored);
    const current = requireReleased(manifest, remote);
    const build = await buildRef(store, remote, version, o.storeUrl ?? null);
    if (current.stable.version === version) throw new ReleaseStoreError(`${remote} ${version} is already the stable version`);
    const next = setCanary(manifest, remote, build, percent, companies, now).manifest;
    const guarded = o.guard ? { ...next.remotes[remote]!.canary!, guard: { ...o.guard, since: now.toISOString() } } : null;
    return {
      manifest: guarded ? { ...next, remotes: { ...next.remotes, [remote]: { ...next.remotes[remote]!, canary: guarded } } } : next,
      entry: {
        action: 'canary',
        remote,
        version,
        from: current.stable.version,
        by: o.actor ?? releaseActor(),
        note: `${percent}%${companies.length ? ` + companies ${companies.join(',')}` : ''}${o.guard ? ` guarded (${describeGuard(o.guard)})` : ''}`,
      },
    };
  });
}

/** The canary (or the given version of the store) becomes stable; the old stable heads `previous`. */
export async function promote(store: ReleaseStore, remote: string, version?: string, o: ActionOptions = {}): Promise<ReleaseManifest> {
  assertRemote(remote);
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    // Promoting a first version into an empty store starts the manifest (the portal fills in the shell at start).
    const manifest = stored ?? emptyManifest({ version: 'unknown', contractsVersion: CONTRACTS_VERSION });
    const current = manifest.remotes[remote];
    const target = version ?? current?.canary?.version;
    if (!target) throw new ReleaseStoreError(`${remote} has no canary to promote; name a version: pnpm release promote ${remote} <version>`);
    // Named or not: a canary at share 0 was aborted (by the guard or a person) or paused, nobody runs
    // it, and its last figures are what stopped it. It goes back to a share before it goes to everyone.
    if (current?.canary?.version === target && canaryIsOff(current.canary)) throw new ReleaseStoreError(offCanaryPromotion(remote, target));
    if (current?.stable.version === target) throw new ReleaseStoreError(`${remote} ${target} is already the stable version`);
    const build = await buildRef(store, remote, target, o.storeUrl ?? null);
    const next = setStable(manifest, remote, build, now);
    const promoted: ReleaseManifest = {
      ...next.manifest,
      // The canary is done once it is stable; another version's canary carries on.
      remotes: {
        ...next.manifest.remotes,
        [remote]: { ...next.manifest.remotes[remote]!, canary: current?.canary?.version === target ? null : (current?.canary ?? null) },
      },
    };
    return {
      manifest: promoted,
      entry: { action: 'promote', remote, version: target, from: next.replaced, by: o.actor ?? releaseActor(), ...(o.note ? { note: o.note } : {}) },
    };
  });
}

/**
 * Back to the previous stable. Frozen companies keep what they hold, unless `failing` says the version
 * withdrawn fails (docs/decisions/0042): then a freeze holding it as stable gets the rollback's
 * result and one holding it as canary stops that canary.
 */
export async function rollback(store: ReleaseStore, remote: string, o: ActionOptions & { failing?: boolean } = {}): Promise<ReleaseManifest> {
  assertRemote(remote);
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    const manifest = requireManifest(store, stored);
    requireReleased(manifest, remote);
    const next = rollBack(manifest, remote, now);
    if (!next) throw new ReleaseStoreError(`${remote} has no earlier stable version to roll back to`);
    // The earlier stable is served from where the store is served now, as a promote of it would be.
    const back = { ...next.manifest.remotes[remote]!, stable: servedFrom(remote, next.manifest.remotes[remote]!.stable, o.storeUrl) };
    const rolled: ReleaseManifest = { ...next.manifest, remotes: { ...next.manifest.remotes, [remote]: back } };
    const withdrawn = o.failing ? withdrawFromFreezes(rolled, remote, next.from, back, now) : { manifest: rolled, companies: [] };
    const notes = [o.failing ? 'failing' : null, withdrawn.companies.length ? frozenNote(withdrawn.companies) : null].filter(Boolean);
    return {
      manifest: withdrawn.manifest,
      entry: { action: 'rollback', remote, version: next.to.version, from: next.from, by: o.actor ?? releaseActor(), ...(notes.length ? { note: notes.join('; ') } : {}) },
    };
  });
}

const frozenNote = (companies: string[]) => `withdrawn from the freeze of ${companies.length === 1 ? 'company' : 'companies'} ${companies.join(', ')}`;

/**
 * Ends a canary without promoting it: its share goes to 0 and its targeted companies are dropped,
 * so nobody gets it on their next load, while release.json keeps the version (and its guard) beside
 * stable and the history says who ended it and why. A later canary, promote or rollback replaces it.
 */
export async function abortCanary(store: ReleaseStore, remote: string, o: ActionOptions = {}): Promise<ReleaseManifest> {
  assertRemote(remote);
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    const manifest = requireManifest(store, stored);
    const current = requireReleased(manifest, remote);
    if (!current.canary) throw new ReleaseStoreError(`${remote} has no canary`);
    if (canaryIsOff(current.canary)) throw new ReleaseStoreError(canaryAlreadyOff(remote, current.canary.version));
    const stopped = { ...servedFrom(remote, current.canary, o.storeUrl), percent: 0, companies: [] };
    const aborted: ReleaseManifest = { ...manifest, remotes: { ...manifest.remotes, [remote]: { ...current, canary: stopped, updatedAt: now.toISOString() } } };
    // An aborted canary fails: a frozen company that runs it stops too (docs/decisions/0042).
    const withdrawn = withdrawFromFreezes(aborted, remote, current.canary.version, null, now);
    const note = [o.note, withdrawn.companies.length ? frozenNote(withdrawn.companies) : null].filter(Boolean).join('; ');
    return {
      manifest: withdrawn.manifest,
      entry: {
        action: 'abort-canary',
        remote,
        version: current.stable.version,
        from: current.canary.version,
        by: o.actor ?? releaseActor(),
        ...(note ? { note } : {}),
      },
    };
  });
}

/**
 * Takes a remote the shell was not built with (one made outside this repository, or removed from
 * it with `pnpm remove-remote`) out of release.json: out of every freeze and preview too, so no one
 * loads it from the next page on. Its builds stay in the store; publishing and promoting it again
 * brings it back. The remotes of remotes.json cannot be withdrawn: the shell is built with them.
 */
export async function withdraw(store: ReleaseStore, remote: string, o: ActionOptions = {}): Promise<ReleaseManifest> {
  assertRemote(remote);
  if ((REMOTE_IDS as readonly string[]).includes(remote)) {
    throw new ReleaseStoreError(
      `${remote} is in this repository's remotes.json, so the shell is built with it: remove it first (pnpm remove-remote ${remote}), release the shell, then withdraw it`,
    );
  }
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    const manifest = requireManifest(store, stored);
    const current = manifest.remotes[remote];
    if (!current) throw new ReleaseStoreError(`${remote} is not in release.json: there is nothing to withdraw`);
    const { [remote]: _gone, ...remotes } = manifest.remotes;
    const freezes = manifest.freezes?.map((f) => {
      const { [remote]: _held, ...held } = f.remotes;
      return { ...f, remotes: held };
    });
    const previews = manifest.previews?.filter((p) => p.remote !== remote);
    const next: ReleaseManifest = { ...manifest, remotes, ...(freezes ? { freezes } : {}), ...(previews ? { previews } : {}) };
    if (next.previews?.length === 0) delete next.previews;
    return {
      manifest: next,
      entry: {
        action: 'withdraw',
        remote,
        version: current.stable.version,
        from: current.canary?.version ?? null,
        by: o.actor ?? releaseActor(),
        ...(o.note ? { note: o.note } : {}),
      },
    };
  });
}

/** Where a freeze's history line is filed: it holds every remote. */
export const FREEZE_REMOTE = '*';

/** A company id as the freeze commands take it, or a refusal naming what is wrong. */
export function parseCompanyId(raw: unknown): string {
  const id = typeof raw === 'string' ? raw.trim() : '';
  if (!isCompanyId(id)) throw new ReleaseStoreError(FREEZE_MESSAGES.badCompany);
  return id;
}

/**
 * Freezes a company's versions until `until` (an ISO date or date-time, at most FREEZE_LIMITS.maxDays
 * ahead): canaries, promotes and rollbacks leave its users on what they get now. A company already
 * frozen keeps what it holds, with the new end.
 */
export async function freeze(store: ReleaseStore, companyId: string, until: string, o: ActionOptions = {}): Promise<ReleaseManifest> {
  const company = parseCompanyId(companyId);
  const now = o.now ?? new Date();
  const end = parseFreezeUntil(until, now);
  if ('problem' in end) throw new ReleaseStoreError(end.problem);
  return commit(store, now, async (stored) => {
    if (!stored || Object.keys(stored.remotes).length === 0) throw new ReleaseStoreError(FREEZE_MESSAGES.nothingReleased);
    // Moving the end keeps the versions held: it may not take them past the limit counted from the start.
    const held = freezesInForce(stored, now).find((f) => f.companyId === company);
    if (held && end.until.getTime() > Date.parse(held.since) + FREEZE_LIMITS.maxDays * 86_400_000) {
      throw new ReleaseStoreError(FREEZE_MESSAGES.extendTooFar(FREEZE_LIMITS.maxDays, held.since));
    }
    const next = setFreeze(stored, company, end.until, now);
    const holds = Object.entries(next.manifest.freezes!.find((f) => f.companyId === company)!.remotes)
      .map(([remote, r]) => `${remote} ${r.stable.version}${r.canary ? ` (canary ${r.canary.version} ${r.canary.percent}%)` : ''}`)
      .join(', ');
    return {
      manifest: next.manifest,
      entry: {
        action: 'freeze',
        remote: FREEZE_REMOTE,
        version: company,
        from: next.extended?.until ?? null,
        by: o.actor ?? releaseActor(),
        note: `until ${end.until.toISOString()}${next.extended ? ' (end moved)' : ''}: ${holds}`,
      },
    };
  });
}

/** Ends a company's freeze now: its users get what everyone gets on their next load. */
export async function unfreeze(store: ReleaseStore, companyId: string, o: ActionOptions = {}): Promise<ReleaseManifest> {
  const company = parseCompanyId(companyId);
  const now = o.now ?? new Date();
  return commit(store, now, async (stored) => {
    const before = stored?.freezes?.find((f) => f.companyId === company && Date.parse(f.until) > now.getTime());
    const next = stored ? endFreeze(stored, company, now) : null;
    if (!next || !before) throw new ReleaseStoreError(FREEZE_MESSAGES.notFrozen(company));
    return {
      manifest: next,
      entry: { action: 'unfreeze', remote: FREEZE_REMOTE, version: company, from: before.until, by: o.actor ?? releaseActor(), ...(o.note ? { note: o.note } : {}) },
    };
  });
}

/**
 * A version's figures in a status cell: page views, the distinct senders they came from (a client
 * address, IPv6 by /64, or a signed-in user; unknown past the 7 days senders are kept) and the error
 * rate (load failures plus render errors).
 */
export function describeFigures(v: VersionHealth | undefined): string {
  if (!v || v.pageViews === 0) return 'no views';
  const errors = v.loadFailures + v.renderErrors;
  const from = v.senders === null ? '' : ` from ${v.senders} sender${v.senders === 1 ? '' : 's'}`;
  return `${v.pageViews} views${from}, ${(v.errorRate * 100).toFixed(1)}% errors (${errors})`;
}

export interface StatusExtras {
  /** Each version's figures over the status window: adds a health column beside stable and canary. */
  figures?: VersionHealth[];
  /** The release history: a canary at share 0 that an abort left says so. */
  history?: HistoryEntry[];
}

/**
 * `status` as rows: remote, stable, canary, share, contracts, age (of the last change); with
 * figures, the health of the stable and the canary version.
 */
export function statusRows(manifest: ReleaseManifest | null, now = new Date(), extras: StatusExtras = {}): string[][] {
  const withFigures = extras.figures !== undefined;
  const rows = [['REMOTE', 'STABLE', 'CANARY', 'SHARE', 'CONTRACTS', 'AGE', ...(withFigures ? ['STABLE HEALTH', 'CANARY HEALTH'] : [])]];
  const figuresOf = (remote: RemoteId, version: string | undefined) =>
    version === undefined ? '-' : describeFigures(extras.figures?.find((v) => v.remote === remote && v.version === version));
  for (const remote of remoteIdsOf(manifest)) {
    const r = manifest?.remotes[remote];
    if (!r) {
      rows.push([remote, '-', '-', '-', '-', '-', ...(withFigures ? ['-', '-'] : [])]);
      continue;
    }
    const c = r.canary;
    const aborted = c && canaryIsOff(c) && extras.history ? abortOf([...extras.history].reverse(), remote, c.version) : null;
    const share = c
      ? `${c.percent}%${c.companies.length ? ` +${c.companies.length} compan${c.companies.length === 1 ? 'y' : 'ies'}` : ''}${aborted ? ' (aborted)' : ''}`
      : '-';
    const contracts = c ? `${r.stable.contractsVersion} / ${c.contractsVersion}` : r.stable.contractsVersion;
    rows.push([
      remote,
      r.stable.version,
      c?.version ?? '-',
      share,
      contracts,
      age(r.updatedAt, now),
      ...(withFigures ? [figuresOf(remote, r.stable.version), figuresOf(remote, c?.version)] : []),
    ]);
  }
  return rows;
}

export function formatTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
}
