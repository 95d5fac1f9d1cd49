import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { RemoteRoute } from '../routes/route-table';
import { RemoteSlot } from '../remotes/remote-slot';
import { useDocumentTitle } from '../routes/use-document-title';
import { setRouteRemote } from '../telemetry/hub';

/** A route's page: its remote module with the route's fixed props and its params as props, and its title. */
export function RouteRemote({ route }: { route: RemoteRoute }) {
  useDocumentTitle(route.title);
  // Web vitals belong to the remote that draws the route.
  useEffect(() => setRouteRemote(route.remote), [route.remote]);
  const params = useParams();
  const props: Record<string, unknown> = { ...(route.props ?? {}) };
  for (const [prop, param] of Object.entries(route.paramProps ?? {})) {
    if (params[param] !== undefined) props[prop] = params[param];
  }
  return <RemoteSlot remote={route.remote} module={route.module} props={props} />;
}
