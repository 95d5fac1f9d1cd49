import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Warming a remote (nav-link hover, idle time) fetches its files with `rel=prefetch` instead of the
 * runtime's `rel=preload`: a preload the page does not use within a few seconds makes the browser
 * warn on the console, and a warmed page is often never opened. A prefetched file waits in the
 * HTTP cache for the real load, with no warning.
 */
export default function prefetchWarmingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-prefetch-warming',
    createLink({ url, attrs }) {
      if (attrs?.['rel'] !== 'preload') return undefined;
      const link = document.createElement('link');
      link.setAttribute('rel', 'prefetch');
      if (typeof attrs['as'] === 'string') link.setAttribute('as', attrs['as']);
      link.setAttribute('href', url);
      return link;
    },
  };
}
