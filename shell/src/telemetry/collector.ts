import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { REMOTE_IDS, type RemoteId } from '@portal/shared-contracts/remotes';
import { TELEMETRY_LIMITS, telemetryEventSchema, type TelemetryBatch, type TelemetryEvent, type TelemetryVital } from '@portal/shared-contracts/endpoints/telemetry';
import { telemetry } from '@portal/shared-contracts/endpoints/telemetry';
import { attachTelemetrySink, recordTelemetry, routeRemotes, takeEarlyErrors } from './hub';

/**
 * Release telemetry's sender: events in batches of at most 20, sent with `navigator.sendBeacon` when
 * the page is hidden or left, and every 30 seconds. Anonymous: a random id per tab (never stored,
 * never the user's), no user id, no query strings, error messages cut to 200 characters.
 */

const FLUSH_INTERVAL_MS = 30_000;

/** `?query` and `#fragment` of anything that looks like an address, so no token or search leaves the page. */
function stripQueries(text: string): string {
  return text.replace(/(\S)[?#][^\s'"`)]+/g, '$1');
}

/** The message as sent: addresses without their query, at most `storedMessageChars` characters. */
export function cleanMessage(message: string): string {
  return stripQueries(message).slice(0, TELEMETRY_LIMITS.storedMessageChars);
}

/** The event as sent, or null when it must not be (an override) or would be refused (out of range). */
export function cleanEvent(event: TelemetryEvent): TelemetryEvent | null {
  if (event.reason === 'override') return null;
  const copy: TelemetryEvent =
    (event.kind === 'error' || event.kind === 'render-error') && event.message !== undefined ? { ...event, message: cleanMessage(event.message) } : { ...event };
  const parsed = telemetryEventSchema.safeParse(copy);
  return parsed.success ? parsed.data : null;
}

const REMOTE_PATH = /\/remotes\/([A-Za-z0-9_-]+)\//g;

/** The remote whose script (served under /remotes/<remote>/) an error comes from, if any. */
export function remoteOfError(...sources: (string | undefined)[]): RemoteId | null {
  for (const text of sources) {
    if (!text) continue;
    for (const m of text.matchAll(REMOTE_PATH)) {
      const id = m[1] as RemoteId;
      if ((REMOTE_IDS as readonly string[]).includes(id)) return id;
    }
  }
  return null;
}

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  return { message: typeof reason === 'string' ? reason : String(reason) };
}

export interface CollectorOptions {
  /** Sends one batch; false when the browser refused it. */
  send?: (url: string, body: Blob) => boolean;
  client?: string;
  win?: Window;
  intervalMs?: number;
  /** Web vitals are measured (off in tests: jsdom has no performance observers to speak of). */
  vitals?: boolean;
}

export interface Collector {
  add(event: TelemetryEvent): void;
  flush(): void;
  pending(): number;
  stop(): void;
}

/** A random id for this tab; `randomUUID` exists only on https (and localhost) pages. */
function tabId(crypto: Crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createCollector(options: CollectorOptions = {}): Collector {
  const win = options.win ?? window;
  const client = options.client ?? tabId(win.crypto);
  const send = options.send ?? ((url: string, body: Blob) => win.navigator.sendBeacon(url, body));
  let queue: TelemetryEvent[] = [];

  const flush = () => {
    while (queue.length) {
      const events = queue.slice(0, TELEMETRY_LIMITS.eventsPerBatch);
      queue = queue.slice(events.length);
      const batch: TelemetryBatch = { client, events };
      try {
        send(telemetry.ingest.path, new Blob([JSON.stringify(batch)], { type: 'application/json' }));
      } catch {
        /* telemetry never disturbs the page */
      }
    }
  };

  const add = (event: TelemetryEvent) => {
    const clean = cleanEvent(event);
    if (!clean) return;
    queue.push(clean);
    if (queue.length >= TELEMETRY_LIMITS.eventsPerBatch) flush();
  };

  const onError = (e: ErrorEvent) => {
    const { message, stack } = e.error !== undefined && e.error !== null ? describe(e.error) : { message: e.message, stack: undefined };
    const remote = remoteOfError(e.filename, stack);
    if (remote) recordTelemetry(remote, { kind: 'error', message });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const { message, stack } = describe(e.reason);
    const remote = remoteOfError(stack);
    if (remote) recordTelemetry(remote, { kind: 'error', message });
  };
  // Web vitals report their final values when the page is hidden, in their own listeners, which
  // run before these (registered later): the batch then holds them. A hidden tab that stays open
  // also sends what arrives just after.
  const onHidden = () => {
    if (win.document.visibilityState !== 'hidden') return;
    flush();
    win.setTimeout(flush, 0);
  };
  const onPageHide = () => flush();

  if (options.vitals !== false) startVitals();
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  // What the page threw before this listened (a remote failing in its first seconds).
  for (const e of takeEarlyErrors(win)) {
    if (e.type === 'error') onError(e as ErrorEvent);
    else onRejection(e as PromiseRejectionEvent);
  }
  win.document.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onPageHide);
  const timer = win.setInterval(flush, options.intervalMs ?? FLUSH_INTERVAL_MS);

  return {
    add,
    flush,
    pending: () => queue.length,
    stop() {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.document.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('pagehide', onPageHide);
      win.clearInterval(timer);
    },
  };
}

/**
 * LCP belongs to the route the page opened on; INP and CLS to the route shown when they are
 * reported (the page's life so far, reported when it is hidden).
 */
function startVitals(): void {
  const report = (name: TelemetryVital, first: boolean) => (metric: Metric) => {
    const routes = routeRemotes();
    const remote = first ? routes.first : routes.current;
    if (remote) recordTelemetry(remote, { kind: 'vital', name, value: metric.value });
  };
  onLCP(report('LCP', true));
  onINP(report('INP', false));
  onCLS(report('CLS', false));
}

let running: Collector | null = null;

/** Started once per page (see `startTelemetryWhenIdle`): takes the events noted so far. */
export function startCollector(options?: CollectorOptions): Collector {
  if (running) return running;
  const collector = createCollector(options);
  running = collector;
  attachTelemetrySink((event) => collector.add(event));
  return collector;
}

/** Tests: stops the page's collector. */
export function stopCollector(): void {
  running?.stop();
  running = null;
  attachTelemetrySink(null);
}
