import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { PlatformContext, type Platform, type Session } from '@portal/shared-contracts/platform';
import type { LoginAnswer } from '@portal/shared-contracts/endpoints/session';
import { RemoteSlot } from '../remotes/remote-slot';
import { useAtomValue } from '../session/portal-store';
import { savedFlag, sessionAtom, setSession, signingInAtom, storedRemember } from '../session/session-store';
import { loadSessionEndpoints } from '../session/session-endpoints';
import type { PlatformCore, ShellNavigation } from './platform-core';
import type { ShellServices } from './shell-services';

/**
 * Builds the platform remotes reach through `usePlatform()` (DESIGN.md section 2): one API client,
 * the session, navigation, toasts and the release in force. `navigation` is the public pages' own
 * hash route until the router is loaded, the router's after.
 */
export function PlatformProvider({
  services,
  core,
  navigation,
  children,
}: {
  services: ShellServices;
  core: PlatformCore;
  navigation: ShellNavigation;
  children: ReactNode;
}) {
  const { store, registry, queries, toasts } = services;
  const { api, holds } = core;
  const session = useAtomValue(sessionAtom, { store });
  const [releaseTick, setReleaseTick] = useState(0);
  useEffect(() => registry.subscribe(() => setReleaseTick((n) => n + 1)), [registry]);

  // The API client and the sign-in sequence live as long as the page; they read navigation through the
  // core, which takes this provider's once it is committed (a 401 may come back while the router renders).
  useLayoutEffect(() => {
    core.nav.current = navigation;
  }, [core, navigation]);
  const nav = core.nav as { current: ShellNavigation };

  const auth = useMemo<Platform['auth']>(
    () => ({
      async signIn(answer: LoginAnswer, { remember }) {
        store.set(signingInAtom, true);
        core.forgetEndedSession();
        try {
          queries.clear();
          // The sign-in sequence is fetched by the sign-in (warmed once the page has settled), not with the page.
          const { runSignIn } = await import('./auth');
          await runSignIn(answer, remember, {
            api,
            store: (s, r) => {
              setSession(store, s, r);
              // The company the sign-in has just read: the first page finds it in the cache.
              if (s.companyDetails) queries.seedCompany(s.companyDetails);
              services.onSignedIn?.(s);
            },
            navigate: (to) => nav.current.navigate(to, { replace: true }),
          });
        } finally {
          store.set(signingInAtom, false);
        }
      },
      async signOut() {
        let endSessionUrl: string | undefined;
        try {
          const accounts = await loadSessionEndpoints();
          ({ endSessionUrl } = await api.call(accounts.logout));
        } catch {
          /* the session ends in the page whatever the server said */
        }
        core.forgetEndedSession();
        setSession(store, null);
        savedFlag.set(false);
        queries.clear();
        // A session from the company's provider also ends there (RP-initiated logout), which sends the
        // browser back to the login page.
        if (endSessionUrl) window.location.assign(endSessionUrl);
        else nav.current.navigate('/', { replace: true });
      },
      updateSession(patch) {
        const current = store.get(sessionAtom);
        if (!current) return;
        const next: Session = { ...current, ...patch };
        setSession(store, next, storedRemember());
      },
    }),
    [api, core, store, queries, services, nav],
  );

  const platform = useMemo<Platform>(
    () => ({
      api,
      session,
      auth,
      navigate: (to, options) => nav.current.navigate(to, options),
      location: {
        pathname: navigation.pathname,
        search: navigation.search,
        query: new URLSearchParams(navigation.search),
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
    [api, session, auth, navigation.pathname, navigation.search, nav, toasts, registry, releaseTick, services.shellVersion, services.contractsVersion, holds],
  );

  return (
    <PlatformContext.Provider value={platform}>
      {children}
    </PlatformContext.Provider>
  );
}
