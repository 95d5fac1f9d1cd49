import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteId, ResolvedRemote, TelemetryBatch, TelemetryEvent } from '@portal/shared-contracts';
import { cleanMessage, createCollector, remoteOfError, startCollector, stopCollector } from './collector';
import { configureTelemetry, holdEarlyErrors, recordTelemetry, resetTelemetryHub, setRouteRemote, timeRemoteLoad } from './hub';

const choice = (remote: RemoteId, version: string, reason: ResolvedRemote['reason']): ResolvedRemote => ({
  remote,
  version,
  entry: `/remotes/${remote}/${version}/mf-manifest.json`,
  reason,
});

const load = (ok = true, ms = 120): TelemetryEvent => ({ kind: 'load', remote: 'mfe-auth', version: '1.0.0-abc', reason: 'stable', ok, ms });

interface Sent {
  url: string;
  type: string;
  batch: TelemetryBatch;
}

/** A stand-in for navigator.sendBeacon that keeps what would have gone out. */
function beacon() {
  const bodies: { url: string; body: Blob }[] = [];
  const send = vi.fn((url: string, body: Blob) => {
    bodies.push({ url, body });
    return true;
  });
  const sent = async (): Promise<Sent[]> =>
    Promise.all(bodies.map(async (b) => ({ url: b.url, type: b.body.type, batch: JSON.parse(await b.body.text()) as TelemetryBatch })));
  return { send, sent };
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  resetTelemetryHub();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

afterEach(() => {
  stopCollector();
  vi.useRealTimers();
});

describe('release telemetry collector', () => {
  it('holds events and sends them as one JSON beacon to /api/telemetry when the page is left', async () => {
    const { send, sent } = beacon();
    const c = createCollector({ send, vitals: false });
    c.add(load());
    c.add(load(false, 900));
    c.add({ kind: 'render-error', remote: 'mfe-billing', version: '2.0.0', reason: 'canary', message: 'TypeError: x is undefined' });
    expect(send).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));
    const out = await sent();
    expect(out).toHaveLength(1);
    expect(out[0]!.url).toBe('/api/telemetry');
    expect(out[0]!.type).toBe('application/json');
    expect(out[0]!.batch.events.map((e) => e.kind)).toEqual(['load', 'load', 'render-error']);
    expect(c.pending()).toBe(0);
    c.stop();
  });

  it('sends when the tab is hidden, and every 30 seconds', async () => {
    vi.useFakeTimers();
    const { send, sent } = beacon();
    const c = createCollector({ send, vitals: false });
    c.add(load());
    vi.advanceTimersByTime(29_000);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(send).toHaveBeenCalledTimes(1);

    c.add(load(false));
    hide();
    expect(send).toHaveBeenCalledTimes(2);
    expect((await sent())[1]!.batch.events).toEqual([load(false)]);
    // Nothing new: no empty batch.
    vi.advanceTimersByTime(60_000);
    expect(send).toHaveBeenCalledTimes(2);
    c.stop();
  });

  it('never puts more than 20 events in one batch', async () => {
    const { send, sent } = beacon();
    const c = createCollector({ send, vitals: false });
    for (let i = 0; i < 45; i++) c.add(load(true, i));
    // The 20th and the 40th event each sent a full batch at once.
    expect(send).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('pagehide'));
    const sizes = (await sent()).map((s) => s.batch.events.length);
    expect(sizes).toEqual([20, 20, 5]);
    expect((await sent()).flatMap((s) => s.batch.events.map((e) => (e.kind === 'load' ? e.ms : -1)))).toEqual([...Array(45).keys()]);
    c.stop();
  });

  it('sends a random per-tab client id and nothing about the user', async () => {
    const { send, sent } = beacon();
    const c = createCollector({ send, vitals: false });
    c.add(load());
    c.flush();
    const [first] = await sent();
    expect(Object.keys(first!.batch).sort()).toEqual(['client', 'events']);
    expect(first!.batch.client).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(first!.batch.events[0]!).sort()).toEqual(['kind', 'ms', 'ok', 'reason', 'remote', 'version']);
    const other = beacon();
    const d = createCollector({ send: other.send, vitals: false });
    d.add(load());
    d.flush();
    expect((await other.sent())[0]!.batch.client).not.toBe(first!.batch.client);
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    c.stop();
    d.stop();
  });

  it('draws its client id without randomUUID on a page served over plain http', async () => {
    const { send, sent } = beacon();
    const own = Object.getOwnPropertyDescriptor(window.crypto, 'randomUUID');
    Object.defineProperty(window.crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const c = createCollector({ send, vitals: false });
      c.add(load());
      c.flush();
      c.stop();
    } finally {
      if (own) Object.defineProperty(window.crypto, 'randomUUID', own);
      else delete (window.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect((await sent())[0]!.batch.client).toMatch(/^[0-9a-f]{32}$/);
  });

  it('strips query strings from error messages and cuts them to 200 characters', async () => {
    const { send, sent } = beacon();
    const c = createCollector({ send, vitals: false });
    const long = `Failed to fetch https://portal.example/api/employees?search=ann@example.com&token=secret#frag at ${'x'.repeat(400)}`;
    c.add({ kind: 'error', remote: 'mfe-employees', version: '1.0.0', reason: 'stable', message: long });
    c.flush();
    const event = (await sent())[0]!.batch.events[0]!;
    const message = event.kind === 'error' ? event.message! : '';
    expect(message.startsWith('Failed to fetch https://portal.example/api/employees at x')).toBe(true);
    expect(message).not.toContain('ann@example.com');
    expect(message).not.toContain('secret');
    expect(message).toHaveLength(200);
    expect(cleanMessage('Why? Because.')).toBe('Why? Because.');
    c.stop();
  });

  it('never counts an overridden (development) remote, nor sends what the api would refuse', async () => {
    const { send, sent } = beacon();
    configureTelemetry(() => ({ 'mfe-auth': choice('mfe-auth', 'dev', 'override'), 'mfe-billing': choice('mfe-billing', '2.0.0', 'stable') }));
    startCollector({ send, vitals: false });
    recordTelemetry('mfe-auth', { kind: 'load', ok: true, ms: 10 });
    recordTelemetry('mfe-auth', { kind: 'render-error', message: 'boom' });
    recordTelemetry('mfe-billing', { kind: 'load', ok: true, ms: 10 });
    recordTelemetry('mfe-billing', { kind: 'vital', name: 'LCP', value: 10 * 60_000 + 1 });
    const c = createCollector({ send, vitals: false });
    c.add({ ...load(), reason: 'override' });
    c.flush();
    c.stop();
    window.dispatchEvent(new Event('pagehide'));
    const events = (await sent()).flatMap((s) => s.batch.events);
    expect(events).toEqual([{ kind: 'load', remote: 'mfe-billing', version: '2.0.0', reason: 'stable', ok: true, ms: 10 }]);
  });

  it('attributes unhandled errors and rejections to the remote whose script threw', async () => {
    const { send, sent } = beacon();
    configureTelemetry(() => ({ 'mfe-billing': choice('mfe-billing', '2.1.0', 'canary') }));
    startCollector({ send, vitals: false });
    const error = new Error('cannot read invoice');
    error.stack = 'Error: cannot read invoice\n    at pay (https://portal.example/remotes/mfe-billing/2.1.0/342.js?v=1:1:200)';
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename: 'https://portal.example/remotes/mfe-billing/2.1.0/342.js' }));
    // The shell's own errors are not a remote's.
    window.dispatchEvent(new ErrorEvent('error', { message: 'shell', filename: 'https://portal.example/main.abc.js' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    const reason = new TypeError('no data');
    reason.stack = 'TypeError: no data\n    at https://portal.example/remotes/mfe-billing/2.1.0/342.js:1:10';
    Object.assign(rejection, { reason });
    window.dispatchEvent(rejection);
    window.dispatchEvent(new Event('pagehide'));
    expect((await sent()).flatMap((s) => s.batch.events)).toEqual([
      { kind: 'error', remote: 'mfe-billing', version: '2.1.0', reason: 'canary', message: 'Error: cannot read invoice' },
      { kind: 'error', remote: 'mfe-billing', version: '2.1.0', reason: 'canary', message: 'TypeError: no data' },
    ]);
    expect(remoteOfError('http://localhost:3001/remotes/not-a-remote/x.js')).toBeNull();
  });

  it('counts the errors and rejections a remote threw before it started listening, once', async () => {
    const { send, sent } = beacon();
    configureTelemetry(() => ({ 'mfe-billing': choice('mfe-billing', '2.1.0', 'canary') }));
    // What startTelemetryWhenIdle does at once, seconds before the collector is fetched.
    holdEarlyErrors();
    const error = new Error('broken at start');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename: 'https://portal.example/remotes/mfe-billing/2.1.0/342.js' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    const reason = new TypeError('no data yet');
    reason.stack = 'TypeError: no data yet\n    at https://portal.example/remotes/mfe-billing/2.1.0/342.js:1:10';
    Object.assign(rejection, { reason });
    window.dispatchEvent(rejection);
    startCollector({ send, vitals: false });
    // From here the collector's own listener counts; the early one has stopped.
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('later'), message: 'later', filename: 'https://portal.example/remotes/mfe-billing/2.1.0/342.js' }));
    window.dispatchEvent(new Event('pagehide'));
    expect((await sent()).flatMap((s) => s.batch.events)).toEqual([
      { kind: 'error', remote: 'mfe-billing', version: '2.1.0', reason: 'canary', message: 'Error: broken at start' },
      { kind: 'error', remote: 'mfe-billing', version: '2.1.0', reason: 'canary', message: 'TypeError: no data yet' },
      { kind: 'error', remote: 'mfe-billing', version: '2.1.0', reason: 'canary', message: 'Error: later' },
    ]);
  });

  it('keeps the events noted before it started, with the version in force when each happened', async () => {
    let versions: Partial<Record<RemoteId, ResolvedRemote>> = { 'mfe-insights': choice('mfe-insights', '3.0.0-rc', 'canary') };
    configureTelemetry(() => versions);
    let t = 0;
    const now = () => t;
    await timeRemoteLoad(
      'mfe-insights',
      async () => {
        t = 250;
        return null;
      },
      now,
    );
    versions = { 'mfe-insights': choice('mfe-insights', '2.9.0', 'fallback') };
    t = 0;
    await timeRemoteLoad(
      'mfe-insights',
      async () => {
        t = 80;
        return { default: () => null };
      },
      now,
    );
    // A second module of the same build on the same page is not another page view.
    await timeRemoteLoad('mfe-insights', async () => ({ default: () => null }), now);
    await expect(timeRemoteLoad('mfe-insights', () => Promise.reject(new Error('offline')), now)).rejects.toThrow('offline');
    setRouteRemote('mfe-insights');

    const { send, sent } = beacon();
    startCollector({ send, vitals: false });
    hide();
    expect((await sent()).flatMap((s) => s.batch.events)).toEqual([
      { kind: 'load', remote: 'mfe-insights', version: '3.0.0-rc', reason: 'canary', ok: false, ms: 250 },
      { kind: 'load', remote: 'mfe-insights', version: '2.9.0', reason: 'fallback', ok: true, ms: 80 },
      { kind: 'load', remote: 'mfe-insights', version: '2.9.0', reason: 'fallback', ok: false, ms: 0 },
    ]);
  });
});
