import { useContext, useEffect } from 'react';
import { RegistryContext } from '../remotes/remote-slot';
import { ROUTE_TABLE } from '../routes/route-table';

/** Once the page is idle, warm the modules behind a layout's tabs so the next click is instant. */
export function useIdlePreload(paths: readonly string[]): void {
  const registry = useContext(RegistryContext);
  useEffect(() => {
    if (!registry) return;
    const run = () => {
      for (const p of paths) {
        const r = ROUTE_TABLE.find((x) => x.path === p);
        if (r) registry.preload(r.remote, r.module);
      }
    };
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
