import { createContext, type ComponentType, type ReactNode } from 'react';
import { companyQueryKey } from '@portal/shared-contracts/constants';
import type { Company } from '@portal/shared-contracts/entities';
import type { createQueryLayer } from './query-layer';

type QueryLayer = ReturnType<typeof createQueryLayer>;
type Provider = ComponentType<{ children: ReactNode }>;

/**
 * The query cache, fetched with the first remote module that uses queries: the login page does not,
 * so react-query is not on its path (docs/decisions/0019-bundle-budgets.md). Every slot whose module
 * uses it renders under a provider of the same client: one cache for the page.
 */
export interface Queries {
  /** The provider a loaded remote module needs, or null when it does not use queries. */
  providerFor(): Promise<Provider | null>;
  /** Empties the cache (sign-out, an ended session); nothing to do before it exists. */
  clear(): void;
  /**
   * Starts fetching the cache's code without waiting for it: once someone is signed in, their pages
   * use queries, and the fetch then runs alongside the page's remote instead of after it.
   */
  warm(): void;
  /**
   * Keeps the company the shell has just read from the server (sign-in, a new tab's restore) under its
   * key, so the first page reads it from there instead of asking again. Called before the page renders:
   * the cache holds it before any page's query starts.
   */
  seedCompany(company: Company): void;
}

interface FederationShare {
  __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>> };
}

/** True once a remote's module has loaded the shared react-query (its shared modules load before it runs). */
export function sharedQueriesLoaded(): boolean {
  const share = (globalThis as FederationShare).__FEDERATION__?.__SHARE__;
  for (const scopes of Object.values(share ?? {}))
    for (const pkgs of Object.values(scopes))
      for (const entry of Object.values(pkgs['@tanstack/react-query'] ?? {})) if (entry.loaded) return true;
  return false;
}

/**
 * @param o.needed  whether the module just loaded uses queries (the page: react-query is among the
 *   loaded shared modules; tests: always)
 */
export function createQueries(o: { needed: () => boolean; load?: () => Promise<{ createQueryLayer: typeof createQueryLayer }> }): Queries {
  const load = o.load ?? (() => import('./query-layer'));
  let layer: QueryLayer | undefined;
  let loading: Promise<QueryLayer> | undefined;
  const start = () => (loading ??= load().then((m) => (layer = m.createQueryLayer())));
  return {
    async providerFor() {
      if (!loading && !o.needed()) return null;
      return (await start()).QueryLayer;
    },
    warm() {
      start().catch(() => {
        // Fetched again by the module that needs it, which then reports the failure.
        loading = undefined;
      });
    },
    clear() {
      layer?.client.clear();
    },
    seedCompany(company) {
      start()
        .then((l) => l.client.setQueryData(companyQueryKey(company.id), company))
        .catch(() => {
          // The page reads the company itself, as it would have without it.
          loading = undefined;
        });
    },
  };
}

export const QueriesContext = createContext<Queries | null>(null);
