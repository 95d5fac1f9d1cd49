import { useMemo, useState, type ReactNode } from 'react';
import { createHashRouter, createMemoryRouter, matchPath, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { LeaveGuard } from '../platform/leave-guard';
import type { PlatformCore, ShellNavigation } from '../platform/platform-core';
import { PlatformProvider } from '../platform/platform-provider';
import type { ShellServices } from '../platform/shell-services';
import { AppRoutes } from './app-routes';
import { maySignedIn, warmFirstPage, type EarlyRuntime } from '../remotes/early-warm';
import { SHELL_CONTRACTS_VERSION } from '../build-info';
import type { ReleaseManifest } from '@portal/shared-contracts/release';
import { ROUTE_TABLE, type RemoteRoute } from './route-table';

interface RouterAppProps {
  services: ShellServices;
  core: PlatformCore;
  /** Tests: the memory history's starting route; null on the page (hash history). */
  memoryEntry: string | null;
}

/** The platform moving the page through the router, and the guard that holds a move for unsaved edits. */
function RouterPlatform({ services, core, children }: { services: ShellServices; core: PlatformCore; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const navigation = useMemo<ShellNavigation>(
    () => ({ navigate: (to, options) => void navigate(to, options), pathname, search }),
    [navigate, pathname, search],
  );
  return (
    <PlatformProvider services={services} core={core} navigation={navigation}>
      {children}
      <LeaveGuard holds={core.holds} store={services.store} />
    </PlatformProvider>
  );
}

/**
 * The whole route table under a data router (hash history on the page, memory history in tests), so
 * that a page holding unsaved edits can have navigation wait for the user's answer (`useBlocker`).
 * Loaded when a signed-in area or any route other than a public page is first shown; from then on it
 * draws every route, the public pages included.
 */
export function RouterApp({ services, core, memoryEntry }: RouterAppProps) {
  const [router] = useState(() => {
    const routes = [
      {
        path: '*',
        element: (
          <RouterPlatform services={services} core={core}>
            <AppRoutes />
          </RouterPlatform>
        ),
      },
    ];
    return memoryEntry !== null ? createMemoryRouter(routes, { initialEntries: [memoryEntry] }) : createHashRouter(routes);
  });
  return <RouterProvider router={router} />;
}

/**
 * The built-in route drawn at a path, matched as the router matches it (any case), for the boot's
 * early fetch of the page's module (remotes/early-warm.ts). Undefined for a path no route draws
 * (an alias, the 404, an added remote's page).
 */
export function builtInRouteAt(pathname: string): RemoteRoute | undefined {
  return ROUTE_TABLE.find((r) => matchPath({ path: r.path }, pathname) !== null);
}

/**
 * Fetches the module of the page at `pathname` while the session is checked (remotes/early-warm.ts),
 * once release.json is in. Here, in the router's chunk, rather than in the boot: the login page's
 * path does not carry it.
 */
export async function warmPageAt(runtime: EarlyRuntime, release: Promise<ReleaseManifest | null>, pathname: string): Promise<boolean> {
  const route = builtInRouteAt(pathname);
  if (!route || !maySignedIn()) return false;
  return warmFirstPage(runtime, await release, route, SHELL_CONTRACTS_VERSION);
}
