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
 * Resolves once the page's first paint has been presented: when the browser reports it as the largest
 * paint so far (the moment Lighthouse counts), or, where that is not reported, two animation frames
 * and a task later. A hidden tab paints nothing: no wait. `fallbackMs` ends the wait whatever happens.
 */
export function afterNextPaint(fallbackMs = 300, doc: Document = document): Promise<void> {
  if (doc.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, fallbackMs);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver(done);
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else requestAnimationFrame(() => requestAnimationFrame(done));
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
