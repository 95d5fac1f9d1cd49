import { afterEach, describe, expect, it, vi } from 'vitest';
import portalRetryPlugin from './retry-runtime-plugin';

// The hooks as the federation runtime calls them (their declared types are wider than their use).
type LoadEntryError = (args: {
  getRemoteEntry: (args: unknown) => Promise<unknown>;
  origin: unknown;
  remoteInfo: unknown;
  remoteEntryExports?: unknown;
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
}) => Promise<unknown>;
type GetModuleFactory = (args: { remoteEntryExports: { get: (expose: string) => Promise<unknown> }; expose: string }) => Promise<unknown>;
type FetchHook = (url: string, init: RequestInit) => Promise<Response>;

const plugin = portalRetryPlugin({ retries: 2, delayMs: 0 });
const loadEntryError = plugin.loadEntryError as unknown as LoadEntryError;
const getModuleFactory = plugin.getModuleFactory as unknown as GetModuleFactory;
const fetchHook = plugin.fetch as unknown as FetchHook;

/** Fails `failures` times, then answers `value`. */
function flaky<T>(failures: number, value: T) {
  let calls = 0;
  return vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new Error(`dropped (${calls})`);
    return value;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('portalRetryPlugin', () => {
  it('loads a remote entry again after a failed load, dropping the failed attempt first each time', async () => {
    const container = { get: vi.fn(), init: vi.fn() };
    const globalLoading: Record<string, unknown> = { 'mfe_auth:entry': Promise.reject(new Error('first load failed')).catch(() => {}) };
    const seen: boolean[] = [];
    const getRemoteEntry = vi.fn(async () => {
      seen.push('mfe_auth:entry' in globalLoading);
      if (seen.length === 1) throw new Error('dropped again');
      return container;
    });
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mfe_auth' }, globalLoading, uniqueKey: 'mfe_auth:entry' };
    await expect(loadEntryError(args)).resolves.toBe(container);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([false, false]);
  });

  it('gives up on a remote entry after the configured retries, with the last error', async () => {
    const getRemoteEntry = flaky(5, {});
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mfe_auth' }, globalLoading: {}, uniqueKey: 'k' };
    await expect(loadEntryError(args)).rejects.toThrow('dropped (2)');
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('asks the container again for a module whose chunk did not arrive', async () => {
    const factory = () => ({ default: 'Page' });
    const get = flaky(2, factory);
    await expect(getModuleFactory({ remoteEntryExports: { get }, expose: './LoginPage' })).resolves.toBe(factory);
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenCalledWith('./LoginPage');
  });

  it('fetches a manifest again after an error answer, and reports the last one when it keeps failing', async () => {
    const ok = new Response('{}', { status: 200 });
    const fetchFn = vi.fn().mockResolvedValueOnce(new Response('', { status: 503 })).mockResolvedValueOnce(ok);
    vi.stubGlobal('fetch', fetchFn);
    await expect(fetchHook('/remotes/mfe-auth/1.0.0/mf-manifest.json', {})).resolves.toBe(ok);
    expect(fetchFn).toHaveBeenCalledTimes(2);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502 })));
    await expect(fetchHook('/remotes/mfe-auth/1.0.0/mf-manifest.json', {})).rejects.toThrow('HTTP 502');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
