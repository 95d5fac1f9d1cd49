import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ReleaseConsole, ReleaseHealth } from '@portal/shared-contracts/endpoints/releases';
import { releases } from '@portal/shared-contracts/endpoints/releases';

export const HEALTH_WINDOW_MINUTES = 60;

interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/**
 * The console's view and the health figures, read on opening and again after every action (plain
 * state: the page is the shell's own and must not wait for a remote's query cache).
 */
export function useReleaseConsole() {
  const { api } = usePlatform();
  const [view, setView] = useState<Loaded<ReleaseConsole>>({ data: null, error: null, loading: true });
  const [health, setHealth] = useState<Loaded<ReleaseHealth>>({ data: null, error: null, loading: true });
  const alive = useRef(true);

  const reload = useCallback(async () => {
    setView((v) => ({ ...v, loading: true, error: null }));
    setHealth((h) => ({ ...h, loading: true, error: null }));
    const [v, h] = await Promise.allSettled([
      api.call(releases.console),
      api.call(releases.health, { query: { minutes: HEALTH_WINDOW_MINUTES } }),
    ]);
    if (!alive.current) return;
    setView(v.status === 'fulfilled' ? { data: v.value, error: null, loading: false } : { data: null, error: v.reason, loading: false });
    setHealth(h.status === 'fulfilled' ? { data: h.value, error: null, loading: false } : { data: null, error: h.reason, loading: false });
  }, [api]);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  /** An action's answer is the new view; the figures are read again with it. */
  const applied = useCallback(
    (next: ReleaseConsole) => {
      setView({ data: next, error: null, loading: false });
      void api.call(releases.health, { query: { minutes: HEALTH_WINDOW_MINUTES } }).then(
        (h) => alive.current && setHealth({ data: h, error: null, loading: false }),
        () => {},
      );
    },
    [api],
  );

  return { view, health, reload, applied };
}
