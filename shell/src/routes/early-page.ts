import type { ReleaseManifest } from '@portal/shared-contracts/release';
import { SHELL_CONTRACTS_VERSION } from '../build-info';
import { warmIntl } from '../platform/warm-intl';
import type { Queries } from '../queries/queries';
import { maySignedIn, warmFirstPage, type EarlyRuntime } from '../remotes/early-warm';
import { paintEarlyFrame } from './early-frame';
import { warmLayoutOf } from './layouts';
import { normalisedPath } from './shell-location';
import { ROUTE_TABLE, type RemoteRoute } from './route-table';

// A signed-in first visit's early fetches, in a chunk of their own: without the router (react-router,
// the guards, the leave guard and what they consume), so that they start as soon as release.json is in.

/** Whether a route pattern (static segments and `:param`s) matches a path as the router does: any case, a trailing slash. */
export function patternMatches(pattern: string, pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const want = normalisedPath(pattern).split('/');
  const have = normalisedPath(pathname).split('/');
  return want.length === have.length && want.every((s, i) => (s.startsWith(':') ? have[i] !== '' : s === have[i]));
}

/**
 * The built-in route drawn at a path, for the boot's early fetch of the page's module
 * (remotes/early-warm.ts). Undefined for a path no route draws (an alias, the 404, an added remote's page).
 */
export function builtInRouteAt(pathname: string): RemoteRoute | undefined {
  return ROUTE_TABLE.find((r) => patternMatches(r.path, pathname));
}

/**
 * Fetches the layout, the query cache's code and the module of the page at `pathname` while the
 * session is checked: the first two at once, the module once release.json is in (it names the build).
 * Meanwhile the page's frame is drawn from the address (early-frame.tsx), and the first date and
 * number formatters are built, each in a task of its own (`warmIntl`).
 */
export async function warmPageAt(runtime: EarlyRuntime, release: Promise<ReleaseManifest | null>, pathname: string, queries?: Pick<Queries, 'warm'>): Promise<boolean> {
  const route = builtInRouteAt(pathname);
  if (!route || !maySignedIn()) return false;
  warmLayoutOf(route.area);
  queries?.warm();
  paintEarlyFrame(route);
  warmIntl();
  return warmFirstPage(runtime, await release, route, SHELL_CONTRACTS_VERSION);
}
