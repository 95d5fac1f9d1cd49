import { useMemo, useState, type ReactNode } from 'react';
import { createHashRouter, createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { LeaveGuard } from '../platform/leave-guard';
import type { PlatformCore, ShellNavigation } from '../platform/platform-core';
import { PlatformProvider } from '../platform/platform-provider';
import type { ShellServices } from '../platform/shell-services';
import { PathChangesContext, pathChangesOf } from './address-changes';
import { AppRoutes } from './app-routes';

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
  const [pathChanges] = useState(() => pathChangesOf(router));
  return (
    <PathChangesContext.Provider value={pathChanges}>
      <RouterProvider router={router} />
    </PathChangesContext.Provider>
  );
}
