import { useEffect, type ReactNode } from 'react';
import type { RemoteRoute } from '../routes/route-table';
import { RemoteSlot } from '../remotes/remote-slot';
import { useDocumentTitle } from '../routes/use-document-title';
import { setRouteRemote } from '../telemetry/hub';

/**
 * A route's page: its remote module with the route's fixed props and its params as props, and its
 * title. Router-free, so that the public pages render it before the router is loaded.
 */
export function RouteRemote({
  route,
  params = {},
  loading,
}: {
  route: RemoteRoute;
  params?: Readonly<Record<string, string | undefined>>;
  /** Shown while the module loads (the slot's spinner by default). */
  loading?: ReactNode;
}) {
  useDocumentTitle(route.title);
  // Web vitals belong to the remote that draws the route.
  useEffect(() => setRouteRemote(route.remote), [route.remote]);
  const props: Record<string, unknown> = { ...(route.props ?? {}) };
  for (const [prop, param] of Object.entries(route.paramProps ?? {})) {
    if (params[param] !== undefined) props[prop] = params[param];
  }
  return <RemoteSlot remote={route.remote} module={route.module} props={props} loading={loading} />;
}
