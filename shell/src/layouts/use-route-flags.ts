import { matchPath, useLocation } from 'react-router-dom';
import { ROUTE_TABLE } from '../routes/route-table';

/** The layout flags of the current route (a route can hide the tab nav or the top bar). */
export function useRouteFlags(): { hideNav: boolean; hideTopBar: boolean } {
  const { pathname } = useLocation();
  const route = ROUTE_TABLE.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return { hideNav: !!route?.hideNav, hideTopBar: !!route?.hideTopBar };
}
