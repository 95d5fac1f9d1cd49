import type { RemoteId } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import type { TelemetryEvent } from '@portal/shared-contracts/endpoints/telemetry';

/**
 * The part of release telemetry that is on the page from the start, kept small: it notes what
 * happens (loads, render errors, the route's remote) with the version in force at that moment, and
 * holds it until the collector (./collector, fetched when the browser is idle) takes over.
 */

/** An event before the remote's version and reason are added. */
export type TelemetryBody = TelemetryEvent extends infer E ? (E extends TelemetryEvent ? Omit<E, 'remote' | 'version' | 'reason'> : never) : never;

type Versions = () => Partial<Record<RemoteId, ResolvedRemote>>;

/** Events noted before the collector is running; more than this and the oldest are kept. */
const EARLY_MAX = 100;

let versions: Versions = () => ({});
let sink: ((event: TelemetryEvent) => void) | null = null;
let early: TelemetryEvent[] = [];
let routeRemote: RemoteId | null = null;
let firstRouteRemote: RemoteId | null = null;
const loadedOk = new Set<string>();

/** Where the versions in force come from (the registry: a canary's fallback changes them). */
export function configureTelemetry(source: Versions): void {
  versions = source;
}

/**
 * Notes an event for the remote's version in force. Overridden (development) and previewed remotes
 * are never counted: their code is not a release.
 */
export function recordTelemetry(remote: RemoteId, body: TelemetryBody, choice: ResolvedRemote | undefined = versions()[remote]): void {
  if (!choice || choice.reason === 'override' || choice.reason === 'preview') return;
  const event = { ...body, remote, version: choice.version, reason: choice.reason } as TelemetryEvent;
  if (sink) sink(event);
  else if (early.length < EARLY_MAX) early.push(event);
}

/**
 * Times one module load of a remote (the federation runtime's `loadRemote`). A page counts one
 * successful load per remote version; every failed attempt counts.
 */
export async function timeRemoteLoad<M>(remote: RemoteId | undefined, load: () => Promise<M>, now: () => number = () => performance.now()): Promise<M> {
  const choice = remote ? versions()[remote] : undefined;
  const started = now();
  const report = (ok: boolean) => {
    if (!remote || !choice) return;
    const key = `${remote}@${choice.version}`;
    if (ok && loadedOk.has(key)) return;
    if (ok) loadedOk.add(key);
    recordTelemetry(remote, { kind: 'load', ok, ms: Math.max(0, Math.round(now() - started)) }, choice);
  };
  try {
    const mod = await load();
    report(mod != null);
    return mod;
  } catch (error) {
    report(false);
    throw error;
  }
}

/** The remote that draws the current route (its web vitals are that remote's); null for the shell's own pages. */
export function setRouteRemote(remote: RemoteId | null): void {
  routeRemote = remote;
  firstRouteRemote ??= remote;
}

export function routeRemotes(): { current: RemoteId | null; first: RemoteId | null } {
  return { current: routeRemote, first: firstRouteRemote };
}

/** The collector takes the events noted so far and every later one. */
export function attachTelemetrySink(next: ((event: TelemetryEvent) => void) | null): void {
  sink = next;
  if (!next) return;
  const pending = early;
  early = [];
  for (const e of pending) next(e);
}

/** Errors and rejections held before the collector listens; more than this and the first are kept. */
const EARLY_ERRORS_MAX = 20;
let earlyErrors: Event[] | null = null;
const holdError = (e: Event) => {
  if (earlyErrors && earlyErrors.length < EARLY_ERRORS_MAX) earlyErrors.push(e);
};

/**
 * Holds the page's unhandled errors and rejections from now until the collector (fetched when the
 * browser is idle, seconds later) takes them: a remote that throws at once is counted too.
 */
export function holdEarlyErrors(win: Window = window): void {
  earlyErrors ??= [];
  win.addEventListener('error', holdError);
  win.addEventListener('unhandledrejection', holdError);
}

/** The errors held so far, once; holding stops (the collector listens from here on). */
export function takeEarlyErrors(win: Window = window): Event[] {
  const held = earlyErrors;
  if (!held) return [];
  win.removeEventListener('error', holdError);
  win.removeEventListener('unhandledrejection', holdError);
  earlyErrors = null;
  return held;
}

/** Tests: back to a fresh page. */
export function resetTelemetryHub(): void {
  earlyErrors = null;
  versions = () => ({});
  sink = null;
  early = [];
  routeRemote = null;
  firstRouteRemote = null;
  loadedOk.clear();
}
