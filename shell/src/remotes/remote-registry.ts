import type { RemoteId } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import { learnRemotes, remoteInfo } from './added-remotes';

/** The part of the Module Federation runtime the shell uses (injected so tests need no network). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
  preloadRemote?(options: { nameOrAlias: string; exposes?: string[]; resourceCategory?: 'all' | 'sync' }[]): Promise<void>;
}

/**
 * Two builds of one remote on one page share what their bundler runtimes keep in the document:
 * - the chunk-loading global (`rspackChunk<uniqueName>`, the MF name: a name baked into every build).
 *   A container that starts finds the chunks the other build pushed there, takes their module
 *   factories and marks those chunk ids installed; the ids of a page's chunk are the same in both
 *   builds, so the stable container would render the canary's module again.
 * - the stylesheets of loaded chunks (`link[data-rspack="<uniqueName>:chunk-<id>"]`), which the new
 *   container would take as its own CSS already loaded.
 * Before a swap both are dropped: the old container keeps its own reference to its array, the new one
 * starts a clean one and fetches its own chunks and styles. (The old build's slots re-render with the
 * new container at once, so its styles are no longer needed.) A chunk of the old build still
 * downloading at that moment would land in the new array; a swap follows a load or render failure
 * of a module whose chunks have all arrived, so in practice none is.
 */
export function forgetBundlerState(remote: RemoteId, doc: Document | undefined = globalThis.document): void {
  const name = mfName(remote);
  for (const prefix of ['rspackChunk', 'webpackChunk']) {
    try {
      delete (globalThis as Record<string, unknown>)[`${prefix}${name}`];
    } catch {
      /* not deletable: nothing was loaded under that name */
    }
  }
  for (const link of doc?.querySelectorAll(`link[data-rspack^="${name}:"],link[data-webpack^="${name}:"]`) ?? []) link.remove();
}

/** The container name of a built-in remote, or of one this page learnt from release.json (added-remotes.ts). */
const mfName = (remote: RemoteId): string => remoteInfo(remote)?.mfName ?? remote;

/** The remote is not in release.json (or no build of it is compatible with this shell). */
export class RemoteUnavailableError extends Error {
  readonly remote: RemoteId;
  constructor(remote: RemoteId) {
    super(`${remote} is not released to this portal`);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

/** The remote is released but its manifest, entry or module could not be loaded. */
export class RemoteLoadError extends Error {
  readonly remote: RemoteId;
  constructor(remote: RemoteId, module: string, cause: unknown) {
    super(`${remote}/${module} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

type RemoteModule = { default: unknown } & Record<string, unknown>;

/** A loaded module and the release it was loaded from (what its render errors count against). */
export interface LoadedRemoteModule {
  module: RemoteModule;
  release: ResolvedRemote;
}

/** The build each remote container on the page says it is (stamped at build time), by MF name. */
export function loadedBuilds(): Record<string, string> {
  return { ...(globalThis as { __PORTAL_BUILDS__?: Record<string, string> }).__PORTAL_BUILDS__ };
}

/** The build a remote's container says it is, once it has run on the page. */
export function loadedBuild(remote: RemoteId): string | undefined {
  return loadedBuilds()[mfName(remote)];
}

/**
 * Which build of each remote this page uses, and the only way the shell loads a remote module.
 * The shell knows no remote URL at build time: everything comes from release.json via `resolved`.
 */
export class RemoteRegistry {
  private readonly resolved: Partial<Record<RemoteId, ResolvedRemote>>;
  private readonly fallbacks: Partial<Record<RemoteId, ResolvedRemote>>;
  private readonly loaded = new Set<RemoteId>();
  private readonly listeners = new Set<() => void>();
  /** Bumped whenever a remote's container is swapped, so its slots load the module again. */
  private readonly generations: Partial<Record<RemoteId, number>> = {};

  constructor(
    private readonly runtime: FederationRuntime,
    resolved: Partial<Record<RemoteId, ResolvedRemote>>,
    fallbacks: Partial<Record<RemoteId, ResolvedRemote>> = {},
  ) {
    this.resolved = { ...resolved };
    this.fallbacks = { ...fallbacks };
    learnRemotes(this.resolved);
    const list = Object.values(this.resolved).map((r) => ({ name: mfName(r.remote), entry: r.entry }));
    if (list.length) runtime.registerRemotes(list);
  }

  /** The versions in force (changes when a canary falls back to stable). */
  versions(): Partial<Record<RemoteId, ResolvedRemote>> {
    return { ...this.resolved };
  }

  isReleased(remote: RemoteId): boolean {
    return !!this.resolved[remote];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Which copy of the remote's container slots should render (see `generation`). */
  generation(remote: RemoteId): number {
    return this.generations[remote] ?? 0;
  }

  private use(remote: RemoteId, choice: ResolvedRemote, entry = choice.entry): void {
    this.loaded.delete(remote);
    this.resolved[remote] = choice;
    forgetBundlerState(remote);
    learnRemotes({ [remote]: choice });
    this.runtime.registerRemotes([{ name: mfName(remote), entry }], { force: true });
    this.generations[remote] = this.generation(remote) + 1;
    for (const l of this.listeners) l();
  }

  /**
   * A canary that failed (to load, or while rendering) gives way to the stable build for this user,
   * for the rest of the page's life. False when there is nothing to fall back to. The swap is made in
   * place (see `forgetBundlerState`) rather than by reloading the page: with the bundler's state
   * dropped, nothing of the canary's build is left for stable's container to take, and a reload would
   * lose the page's state and the telemetry held before its sender starts (the canary's error).
   */
  fallBack(remote: RemoteId, why: string): boolean {
    const choice = this.resolved[remote];
    const stable = this.fallbacks[remote];
    if (!choice || choice.reason !== 'canary' || !stable) return false;
    console.warn(`${remote}@${choice.version} (canary) ${why}; falling back to ${stable.version}.`);
    delete this.fallbacks[remote];
    this.use(remote, { ...stable, reason: 'fallback', note: `canary ${choice.version} ${why}` });
    return true;
  }

  /**
   * A development server said an overridden remote changed and this page's React cannot refresh in
   * place (a production build): load a fresh copy of the remote's container and re-render its slots.
   * The page itself, the session and the other remotes stay as they are.
   */
  reloadOverride(remote: RemoteId): boolean {
    const choice = this.resolved[remote];
    if (!choice || choice.reason !== 'override') return false;
    const url = new URL(choice.entry, 'http://localhost');
    url.searchParams.set('portal-hot', String(Date.now()));
    this.use(remote, choice, url.href);
    return true;
  }

  /**
   * After sign-in the audience changes from the device to the user: a remote not loaded yet moves to
   * the user's sticky choice; one already on the page stays as it is until the next load.
   */
  reassign(next: Partial<Record<RemoteId, ResolvedRemote>>, fallbacks: Partial<Record<RemoteId, ResolvedRemote>>): void {
    for (const [id, choice] of Object.entries(next) as [RemoteId, ResolvedRemote][]) {
      if (this.loaded.has(id)) continue;
      const current = this.resolved[id];
      if (fallbacks[id]) this.fallbacks[id] = fallbacks[id];
      else delete this.fallbacks[id];
      if (!current || current.entry !== choice.entry) this.use(id, choice);
    }
  }

  async load(remote: RemoteId, module: string): Promise<LoadedRemoteModule> {
    if (!this.resolved[remote]) throw new RemoteUnavailableError(remote);
    try {
      return await this.loadCurrent(remote, module);
    } catch (error) {
      // A failing canary must not cost the user the feature: the stable build is still good.
      if (this.fallBack(remote, `failed to load (${error instanceof Error ? error.message : String(error)})`)) {
        try {
          return await this.loadCurrent(remote, module);
        } catch (again) {
          throw new RemoteLoadError(remote, module, again);
        }
      }
      throw new RemoteLoadError(remote, module, error);
    }
  }

  /** The module from the remote's currently registered container. */
  private async loadCurrent(remote: RemoteId, module: string): Promise<LoadedRemoteModule> {
    const id = `${mfName(remote)}/${module}`;
    const release = this.resolved[remote]!;
    const mod = await this.runtime.loadRemote<RemoteModule>(id);
    if (!mod) throw new Error(`${id} answered no module`);
    this.loaded.add(remote);
    return { module: mod, release };
  }

  /** Forgets a failed attempt (cached manifest, entry script) so Retry really fetches again. */
  reset(remote: RemoteId): void {
    const choice = this.resolved[remote];
    if (choice && !this.loaded.has(remote)) this.runtime.registerRemotes([{ name: mfName(remote), entry: choice.entry }], { force: true });
  }

  /** Warms a route's module (nav-link hover, idle time); failures are left for the real load to report. */
  preload(remote: RemoteId, module: string): void {
    if (!this.resolved[remote] || !this.runtime.preloadRemote) return;
    this.runtime.preloadRemote([{ nameOrAlias: mfName(remote), exposes: [module], resourceCategory: 'sync' }]).catch(() => {});
  }
}
