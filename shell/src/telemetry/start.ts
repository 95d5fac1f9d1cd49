import { whenPageSettled } from '../platform/when-settled';
import { holdEarlyErrors } from './hub';

/**
 * Fetches and starts the collector once the page is interactive and the browser idle, so that it
 * is never part of the login page's JavaScript before the page can be used. Until then the page's
 * unhandled errors are held (the hub), and the collector counts them when it starts.
 */
export function startTelemetryWhenIdle(win: Window = window): void {
  holdEarlyErrors(win);
  // Two seconds, not the four other work waits: a visit shorter than the wait sends nothing.
  // Its chunk is named: a page's first-visit figures (e2e/scripts/measure-pages-js.ts) leave it out,
  // since it loads after the page has settled, sooner or later depending on the machine's load.
  whenPageSettled(() => void import(/* webpackChunkName: "telemetry" */ './collector').then((m) => m.startCollector()).catch(() => {}), win, 2_000);
}
