/** How long after the page's load event speculative work waits before asking for an idle moment. */
export const SETTLE_MS = 4_000;

/**
 * Runs `fn` once the page has settled: at an idle moment four seconds after its load event. The load
 * event comes before the first remote page has been fetched and drawn, so idle time right after it is
 * still that page's start-up: on Lighthouse's simulated phone the employer dashboard is drawn and
 * usable at about 2.5 s. Work the page does not need yet (warming other pages' remotes, the telemetry
 * collector, the toaster, the unavailable panel) waits for this, so that it never competes with the
 * page being drawn. Measured on the dashboard (Lighthouse, 5 runs each): tabs warmed at the first idle
 * moment 84-92; two seconds after load 87-99, median 92; four seconds 93-97, median 96. `afterMs`
 * shortens the wait for work that must not wait that long (the telemetry collector: a short visit's
 * events are sent only once it runs). Returns a function that cancels it.
 */
export function whenPageSettled(fn: () => void, win: Window = window, afterMs = SETTLE_MS): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) fn();
  };
  const start = () => {
    timer = win.setTimeout(() => {
      if (win.requestIdleCallback) win.requestIdleCallback(run, { timeout: 10_000 });
      else win.setTimeout(run, 200);
    }, afterMs);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', start);
    if (timer !== undefined) win.clearTimeout(timer);
  };
}
