import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  ENDPOINTS,
  MESSAGES,
  PlatformContext,
  type LoginAnswer,
  type Platform,
  type Session,
} from '@portal/shared-contracts';
import { createApiClient } from '../api/api-client';
import { releaseHeaderValue } from '../release/choose-version';
import { RemoteSlot } from '../remotes/remote-slot';
import { useAtomValue } from '../session/portal-store';
import { savedFlag, sessionAtom, sessionFieldsOf, setSession, signingInAtom, storedRemember } from '../session/session-store';
import { isPublicPath } from '../routes/route-table';
import { runSignIn } from './auth';
import { createNavigationHolds, LeaveGuard } from './leave-guard';
import type { ShellServices } from './shell-services';

/**
 * Builds the platform remotes reach through `usePlatform()` (DESIGN.md section 2): one API client,
 * the session, navigation, toasts and the release in force. Must sit inside the router.
 */
export function PlatformProvider({ services, children }: { services: ShellServices; children: ReactNode }) {
  const { store, registry, queries, toasts } = services;
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAtomValue(sessionAtom, { store });
  const [releaseTick, setReleaseTick] = useState(0);
  const [holds] = useState(createNavigationHolds);
  useEffect(() => registry.subscribe(() => setReleaseTick((n) => n + 1)), [registry]);

  // The API client lives as long as the page; it reads the router through refs.
  const nav = useRef(navigate);
  const path = useRef(location.pathname);
  nav.current = navigate;
  path.current = location.pathname;

  const [api] = useState(() =>
    createApiClient({
      baseUrl: services.apiBaseUrl,
      fetch: services.fetch,
      releaseHeader: () => releaseHeaderValue(registry.versions()),
      onUnauthorized: () => {
        const hadSession = store.get(sessionAtom) !== null;
        setSession(store, null);
        queries.clear();
        if (!isPublicPath(path.current)) nav.current('/', { replace: true });
        if (hadSession) toasts.show('info', MESSAGES.session.unauthorized);
      },
    }),
  );

  // A stored session is confirmed with the server once per load; a 401 clears it (see onUnauthorized).
  const confirmed = useRef(services.sessionConfirmed ?? false);
  useEffect(() => {
    if (confirmed.current || !store.get(sessionAtom)) return;
    confirmed.current = true;
    api
      .call(ENDPOINTS.accounts.me)
      .then(({ user }) => {
        const current = store.get(sessionAtom);
        if (!current || current.userId !== user.id) return;
        setSession(store, { ...current, ...sessionFieldsOf(user) });
      })
      .catch(() => {
        /* 401 handled by the client; a network failure keeps the stored session until the next call */
      });
  }, [api, store]);

  const auth = useMemo<Platform['auth']>(
    () => ({
      async signIn(answer: LoginAnswer, { remember }) {
        store.set(signingInAtom, true);
        try {
          queries.clear();
          await runSignIn(answer, remember, {
            api,
            store: (s, r) => {
              setSession(store, s, r);
              services.onSignedIn?.(s);
            },
            navigate: (to) => nav.current(to, { replace: true }),
          });
        } finally {
          store.set(signingInAtom, false);
        }
      },
      async signOut() {
        try {
          await api.call(ENDPOINTS.accounts.logout);
        } catch {
          /* the session ends in the page whatever the server said */
        }
        setSession(store, null);
        savedFlag.set(false);
        queries.clear();
        nav.current('/', { replace: true });
      },
      updateSession(patch) {
        const current = store.get(sessionAtom);
        if (!current) return;
        const next: Session = { ...current, ...patch };
        setSession(store, next, storedRemember());
      },
    }),
    [api, store, queries, services],
  );

  const platform = useMemo<Platform>(
    () => ({
      api,
      session,
      auth,
      navigate: (to, options) => nav.current(to, options),
      location: {
        pathname: location.pathname,
        search: location.search,
        query: new URLSearchParams(location.search),
      },
      toast: {
        success: (m) => void toasts.show('success', m),
        error: (m) => void toasts.show('error', m),
        info: (m) => void toasts.show('info', m),
      },
      release: {
        shellVersion: services.shellVersion,
        contractsVersion: services.contractsVersion,
        remotes: registry.versions(),
      },
      savedFlag,
      RemoteSlot,
      origin: window.location.origin,
      holdNavigation: holds.hold,
    }),
    // releaseTick: the registry changed a version (canary fallback, sign-in re-assignment).
    [api, session, auth, location.pathname, location.search, toasts, registry, releaseTick, services.shellVersion, services.contractsVersion, holds],
  );

  return (
    <PlatformContext.Provider value={platform}>
      {children}
      <LeaveGuard holds={holds} store={store} />
    </PlatformContext.Provider>
  );
}
