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
 * Resolves once a frame has been presented after now: two animation frames, then a task. A tab in the
 * background draws no frames; its timer (`fallbackMs`) ends the wait there.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        setTimeout(resolve, 0);
      }),
    );
  });
}

/**
 * Draws the frame of the page at `pathname` from the address (early-frame.tsx) when someone may be
 * signed in, and resolves once it is on screen; at once when nothing was drawn. The boot asks for the
 * rest of the page's files only then (docs/decisions/0077): what is requested before the page's largest
 * paint is what Lighthouse's simulation counts toward it, and the frame's own heading is that paint.
 */
export async function paintFrameFirst(pathname: string, afterPaint: () => Promise<void> = afterNextPaint): Promise<boolean> {
  const route = builtInRouteAt(pathname);
  if (!route || !maySignedIn() || !paintEarlyFrame(route)) return false;
  await afterPaint();
  return true;
}

/**
 * Fetches the layout, the query cache's code and the module of the page at `pathname` while the
 * session is checked: the first two at once, the module once release.json is in (it names the build).
 * Meanwhile the first date and number formatters are built, each in a task of its own (`warmIntl`).
 * The page's frame is already on screen (`paintFrameFirst`).
 */
export async function warmPageAt(runtime: EarlyRuntime, release: Promise<ReleaseManifest | null>, pathname: string, queries?: Pick<Queries, 'warm'>): Promise<boolean> {
  const route = builtInRouteAt(pathname);
  if (!route || !maySignedIn()) return false;
  warmLayoutOf(route.area);
  queries?.warm();
  warmIntl();
  return warmFirstPage(runtime, await release, route, SHELL_CONTRACTS_VERSION);
}
