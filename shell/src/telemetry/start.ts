import { holdEarlyErrors } from './hub';

/**
 * Fetches and starts the collector once the page is interactive and the browser idle, so that it
 * is never part of the login page's JavaScript before the page can be used. Until then the page's
 * unhandled errors are held (the hub), and the collector counts them when it starts.
 */
export function startTelemetryWhenIdle(win: Window = window): void {
  holdEarlyErrors(win);
  const start = () => {
    const idle = win.requestIdleCallback ?? ((cb: () => void) => win.setTimeout(cb, 200));
    win.setTimeout(() => idle(() => void import('./collector').then((m) => m.startCollector()).catch(() => {}), { timeout: 10_000 }), 2_000);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
