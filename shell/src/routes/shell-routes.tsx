import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { ROUTES } from '@portal/shared-contracts/routes';
import { RouteRemote } from '../layouts/route-remote';
import type { PlatformCore, ShellNavigation } from '../platform/platform-core';
import { PlatformProvider } from '../platform/platform-provider';
import type { ShellServices } from '../platform/shell-services';
import { LoginRedirect } from './login-redirect';
import { PUBLIC_ROUTE_TABLE } from './public-routes';
import type { RemoteRoute } from './route-table';
import { normalisedPath, type ShellLocation, type ShellPath } from './shell-location';

// The router (its data router, the guards, the signed-in layouts, the 404) is not on a visitor's
// path to the login page: it is fetched when a route other than a public page is first shown.
const loadRouter = () => import(/* webpackChunkName: "router" */ './router-app');
const RouterApp = lazy(() => loadRouter().then((m) => ({ default: m.RouterApp })));

/**
 * Fetches the router ahead of its first use (a signed-in page is next), alongside other work. Its
 * module, or null when it could not be fetched (the route that needs it fetches it again).
 */
export function preloadRouter(): Promise<Awaited<ReturnType<typeof loadRouter>> | null> {
  return loadRouter().catch(() => null);
}

const PUBLIC_ROUTES = new Map(PUBLIC_ROUTE_TABLE.map((r) => [normalisedPath(r.path), r]));

/** The public page at this path (exactly, as the router matches it: any case, a trailing slash), if any. */
export function publicRouteAt(pathname: string): RemoteRoute | undefined {
  return PUBLIC_ROUTES.get(normalisedPath(pathname));
}

interface ShellRoutesProps {
  services: ShellServices;
  core: PlatformCore;
  location: ShellLocation;
}

function PublicPage({ services, core, location, path, route }: ShellRoutesProps & { path: ShellPath; route: RemoteRoute }) {
  const navigation = useMemo<ShellNavigation>(
    () => ({ navigate: location.navigate, pathname: path.pathname, search: path.search }),
    [location, path],
  );
  const page = <RouteRemote route={route} />;
  return (
    <PlatformProvider services={services} core={core} navigation={navigation}>
      {route.path === ROUTES.login ? <LoginRedirect>{page}</LoginRedirect> : page}
    </PlatformProvider>
  );
}

/**
 * The page's routes: the public pages (login, sign-up, password reset, join) drawn from the hash route
 * by the shell itself until anything else is shown; then the router, which draws every route.
 */
export function ShellRoutes({ services, core, location }: ShellRoutesProps) {
  const path = useSyncExternalStore(location.subscribe, location.get);
  const route = publicRouteAt(path.pathname);
  const [routed, setRouted] = useState(false);
  if (!routed && !route) setRouted(true);
  if (!routed && route) return <PublicPage services={services} core={core} location={location} path={path} route={route} />;
  return (
    <Suspense fallback={null}>
      <RouterApp services={services} core={core} memoryEntry={location.memoryEntry()} />
    </Suspense>
  );
}
