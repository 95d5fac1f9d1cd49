import { SHELL_START_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell-start';
import { createApiClient } from '../api/api-client';
import { releaseHeaderValue } from '../release/choose-version';
import { isPublicPath } from '../routes/public-routes';
import { sessionAtom, sessionFieldsOf, setSession } from '../session/session-store';
import { loadSessionEndpoints } from '../session/session-endpoints';
import { createNavigationHolds } from './navigation-holds';
import type { ShellServices } from './shell-services';

/** How the platform moves the page: the public pages' own hash route, or the router once it is loaded. */
export interface ShellNavigation {
  navigate(to: string, options?: { replace?: boolean }): void;
  pathname: string;
  search: string;
}

/**
 * What lives as long as the page, whichever of the public pages or the router draws it: the API client
 * (it reads the current navigation through `nav`), the pages' holds on navigation, and the one check of
 * a stored session with the server.
 */
export function createPlatformCore(services: ShellServices) {
  const { store, registry, queries, toasts } = services;
  const nav: { current: ShellNavigation | null } = { current: null };
  const api = createApiClient({
    baseUrl: services.apiBaseUrl,
    fetch: services.fetch,
    releaseHeader: () => releaseHeaderValue(registry.versions()),
    onUnauthorized: () => {
      const hadSession = store.get(sessionAtom) !== null;
      setSession(store, null);
      queries.clear();
      if (nav.current && !isPublicPath(nav.current.pathname)) nav.current.navigate('/', { replace: true });
      if (hadSession) toasts.show('info', MESSAGES.session.unauthorized);
    },
  });
  let confirmed = services.sessionConfirmed ?? false;
  return {
    api,
    nav,
    holds: createNavigationHolds(),
    /** A stored session is confirmed with the server once per load; a 401 clears it (see onUnauthorized). */
    confirmSessionOnce(): void {
      if (confirmed) return;
      confirmed = true;
      if (!store.get(sessionAtom)) return;
      loadSessionEndpoints()
        .then((accounts) => api.call(accounts.me))
        .then(({ user }) => {
          const current = store.get(sessionAtom);
          if (!current || current.userId !== user.id) return;
          setSession(store, { ...current, ...sessionFieldsOf(user) });
        })
        .catch(() => {
          /* 401 handled by the client; a network failure keeps the stored session until the next call */
        });
    },
  };
}

export type PlatformCore = ReturnType<typeof createPlatformCore>;
