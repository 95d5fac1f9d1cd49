import { useContext, useEffect } from 'react';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { RegistryContext } from '../remotes/remote-slot';
import { routeAt } from '../routes/route-table';

/** Warms the remote module drawn at a path; failures are left for the real load to report. */
export function warmRoute(registry: RemoteRegistry | null, path: string): void {
  const route = routeAt(path);
  if (route) registry?.preload(route.remote, route.module);
}

/** Once the page is idle, warm the modules behind a layout's tabs so the next click is instant. */
export function useIdlePreload(paths: readonly string[]): void {
  const registry = useContext(RegistryContext);
  useEffect(() => {
    if (!registry) return;
    const run = () => paths.forEach((path) => warmRoute(registry, path));
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(run, { timeout: 5000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(run, 2000);
    return () => clearTimeout(t);
    // The tab list is fixed per layout.
  }, [registry]);
}
