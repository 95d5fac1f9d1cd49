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
  // The page on which a call ended the session (a password change): it leads the user to sign out,
  // so the 401s its other calls get until then (the join-requests bell's refresh) leave it in place.
  const ended: { on: string | null } = { on: null };
  const api = createApiClient({
    baseUrl: services.apiBaseUrl,
    fetch: services.fetch,
    releaseHeader: () => releaseHeaderValue(registry.versions()),
    onSessionEnded: () => {
      ended.on = nav.current?.pathname ?? null;
    },
    onUnauthorized: () => {
      if (ended.on !== null && nav.current?.pathname === ended.on) return;
      ended.on = null;
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
    /** A sign-in or sign-out starts afresh: a later 401 on the page where a session ended is handled again. */
    forgetEndedSession(): void {
      ended.on = null;
    },
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
