import { StrictMode, useEffect, useState } from 'react';
import { Toaster } from '@portal/shared-ui/overlays';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { createPlatformCore } from './platform/platform-core';
import type { ShellServices } from './platform/shell-services';
import { QueriesContext } from './queries/queries';
import { OverrideBanner } from './release/override-banner';
import { OverrideConfirm } from './release/override-confirm';
import { RegistryContext } from './remotes/remote-slot';
import { createHashLocation, createMemoryLocation } from './routes/shell-location';
import { ShellRoutes } from './routes/shell-routes';
import { StoreProvider } from './session/portal-store';

interface ShellAppProps {
  services: ShellServices;
  /** Tests render in memory at this path; the page uses the hash route. */
  initialPath?: string;
}

/** The whole page: session store, query client, remote registry, routes with the platform, toasts. */
export function ShellApp({ services, initialPath }: ShellAppProps) {
  const [core] = useState(() => createPlatformCore(services));
  const [location] = useState(() => (initialPath !== undefined ? createMemoryLocation(initialPath) : createHashLocation()));
  // At once, not once the router is loaded: a revoked session must end before a page calls with it.
  useEffect(() => core.confirmSessionOnce(), [core]);
  return (
    <StrictMode>
      <StoreProvider store={services.store}>
        <QueriesContext.Provider value={services.queries}>
          <RegistryContext.Provider value={services.registry}>
            <ShellRoutes services={services} core={core} location={location} />
            <Toaster store={services.toasts} durationMs={TIMINGS.toastMs} />
            <OverrideBanner overrides={services.overrides ?? []} refused={services.refusedOverrides ?? []} onReset={services.resetOverrides ?? (() => {})} />
            <OverrideConfirm pending={services.pendingOverrides ?? []} onConfirm={services.confirmOverrides ?? (() => {})} />
          </RegistryContext.Provider>
        </QueriesContext.Provider>
      </StoreProvider>
    </StrictMode>
  );
}
