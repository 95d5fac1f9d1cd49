import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How often a failed load is tried again, and how long to wait before each new attempt. */
export interface RetryOptions {
  retries: number;
  delayMs: number;
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
type GetModuleFactory = NonNullable<ModuleFederationRuntimePlugin['getModuleFactory']>;

const DEFAULTS: RetryOptions = { retries: 2, delayMs: 500 };

/**
 * Runs `attempt` up to `tries` times, `delayMs` apart, until it succeeds; the last error is thrown.
 * `afterFailure`: the first attempt follows a failure already seen, so it waits too.
 */
export async function retrying<T>(attempt: () => Promise<T>, tries: number, delayMs: number, o: { afterFailure?: boolean; beforeEach?: () => void } = {}): Promise<T> {
  for (let i = 0; ; i++) {
    if (i > 0 || o.afterFailure) await new Promise((resolve) => setTimeout(resolve, delayMs));
    o.beforeEach?.();
    try {
      return await attempt();
    } catch (error) {
      if (i + 1 >= tries) throw error;
    }
  }
}

/**
 * A flaky network should not show "unavailable" at the first dropped request: a remote's manifest,
 * its entry script and an exposed module's chunks are tried again before the slot gives up. Kept short so a
 * real outage is reported quickly. Written against the runtime's own hooks (`loadEntryError`,
 * `getModuleFactory`) rather than `@module-federation/retry-plugin`, which brought a second, older
 * copy of the federation sdk onto every page.
 */
export default function portalRetryPlugin(options: RetryOptions = DEFAULTS): ModuleFederationRuntimePlugin {
  // The entry script failed once: the runtime's record of the attempt is dropped so it loads again.
  const loadEntryError: LoadEntryError = ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) =>
    // The failed load stays recorded until it is dropped: each attempt drops it, or it would answer again.
    retrying(async () => (await getRemoteEntry({ origin, remoteInfo, remoteEntryExports })) || undefined, options.retries, options.delayMs, {
      afterFailure: true,
      beforeEach: () => delete globalLoading[uniqueKey],
      // The runtime awaits what the hook returns; its declared type nests one promise too many.
    }) as unknown as ReturnType<LoadEntryError>;
  // The container is there but a chunk of the module did not arrive.
  const getModuleFactory: GetModuleFactory = ({ remoteEntryExports, expose }) => retrying(async () => remoteEntryExports.get(expose), 1 + options.retries, options.delayMs);
  // A remote's mf-manifest.json: an error answer or a dropped connection is tried again.
  const fetchWithRetry: FetchHook = (url, init) =>
    retrying(
      async () => {
        const res = await fetch(url, init);
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        return res;
      },
      1 + options.retries,
      options.delayMs,
    );
  return { name: 'portal-retry-plugin', fetch: fetchWithRetry, loadEntryError, getModuleFactory };
}
