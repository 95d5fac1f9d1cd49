import { StrictMode, useState, type ReactNode } from 'react';
import { createHashRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '@portal/shared-ui/overlays';
import { TIMINGS } from '@portal/shared-contracts';
import { PlatformProvider } from './platform/platform-provider';
import type { ShellServices } from './platform/shell-services';
import { QueriesContext } from './queries/queries';
import { OverrideBanner } from './release/override-banner';
import { OverrideConfirm } from './release/override-confirm';
import { RegistryContext } from './remotes/remote-slot';
import { StoreProvider } from './session/portal-store';
import { AppRoutes } from './routes/app-routes';

interface ShellAppProps {
  services: ShellServices;
  /** Tests render a memory router at this path; the page uses the hash router. */
  initialPath?: string;
}

/**
 * A data router (hash history on the page, memory history in tests at `initialPath`), so that a page
 * holding unsaved edits can have navigation wait for the user's answer (`useBlocker`).
 */
function ShellRouter({ initialPath, children }: { initialPath: string | undefined; children: ReactNode }) {
  const [router] = useState(() => {
    const routes = [{ path: '*', element: children }];
    return initialPath !== undefined ? createMemoryRouter(routes, { initialEntries: [initialPath] }) : createHashRouter(routes);
  });
  return <RouterProvider router={router} />;
}

/** The whole page: session store, query client, remote registry, router, platform, routes, toasts. */
export function ShellApp({ services, initialPath }: ShellAppProps) {
  return (
    <StrictMode>
      <StoreProvider store={services.store}>
        <QueriesContext.Provider value={services.queries}>
          <RegistryContext.Provider value={services.registry}>
            <ShellRouter initialPath={initialPath}>
              <PlatformProvider services={services}>
                <AppRoutes />
              </PlatformProvider>
            </ShellRouter>
            <Toaster store={services.toasts} durationMs={TIMINGS.toastMs} />
            <OverrideBanner overrides={services.overrides ?? []} refused={services.refusedOverrides ?? []} onReset={services.resetOverrides ?? (() => {})} />
            <OverrideConfirm pending={services.pendingOverrides ?? []} onConfirm={services.confirmOverrides ?? (() => {})} />
          </RegistryContext.Provider>
        </QueriesContext.Provider>
      </StoreProvider>
    </StrictMode>
  );
}
