import { lazy, StrictMode, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ToastStore } from '@portal/shared-ui/overlays';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { createPlatformCore } from './platform/platform-core';
import { whenPageSettled } from './platform/when-settled';
import type { ShellServices } from './platform/shell-services';
import { QueriesContext } from './queries/queries';
import { RegistryContext } from './remotes/remote-slot';
import { createHashLocation, createMemoryLocation } from './routes/shell-location';
import { ShellRoutes } from './routes/shell-routes';
import { StoreProvider } from './session/portal-store';

// None of these is on the login page's path: the toaster (with the overlays module it belongs to) is
// fetched with the first toast or once the page has settled, the development overrides' banner and
// confirmation only when a remote is overridden or a link asks for it.
const Toaster = lazy(() => import('@portal/shared-ui/overlays').then((m) => ({ default: m.Toaster })));
const OverrideBanner = lazy(() => import('./release/override-banner').then((m) => ({ default: m.OverrideBanner })));
const PreviewBanner = lazy(() => import('./release/preview-banner').then((m) => ({ default: m.PreviewBanner })));
const OverrideConfirm = lazy(() => import('./release/override-confirm').then((m) => ({ default: m.OverrideConfirm })));

/** The toaster, mounted (and so fetched) with the first toast or once the page has settled, then kept. */
function PageToaster({ store }: { store: ToastStore }) {
  const mounted = useRef(false);
  const [settled, setSettled] = useState(false);
  const hasToast = useSyncExternalStore(store.subscribe, () => store.getSnapshot().length > 0, () => false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  mounted.current ||= settled || hasToast;
  if (!mounted.current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster store={store} durationMs={TIMINGS.toastMs} />
    </Suspense>
  );
}

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
  const overrides = services.overrides ?? [];
  const refused = services.refusedOverrides ?? [];
  const pending = services.pendingOverrides ?? [];
  return (
    <StrictMode>
      <StoreProvider store={services.store}>
        <QueriesContext.Provider value={services.queries}>
          <RegistryContext.Provider value={services.registry}>
            <ShellRoutes services={services} core={core} location={location} />
            <PageToaster store={services.toasts} />
            {(overrides.length > 0 || refused.length > 0) && (
              <Suspense fallback={null}>
                <OverrideBanner overrides={overrides} refused={refused} onReset={services.resetOverrides ?? (() => {})} />
              </Suspense>
            )}
            {(services.preview || services.previewRefused) && (
              <Suspense fallback={null}>
                <PreviewBanner preview={services.preview ?? null} refused={services.previewRefused ?? null} />
              </Suspense>
            )}
            {pending.length > 0 && (
              <Suspense fallback={null}>
                <OverrideConfirm pending={pending} onConfirm={services.confirmOverrides ?? (() => {})} />
              </Suspense>
            )}
          </RegistryContext.Provider>
        </QueriesContext.Provider>
      </StoreProvider>
    </StrictMode>
  );
}
