import { matchPath } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/shared-contracts/constants';
import { afterNextPaint, builtInRouteAt, patternMatches, warmPageAt } from './early-page';
import { ROUTE_TABLE } from './route-table';

describe('the early warm finds the page at an address as the router does', () => {
  // Each route's own path, its other spellings, and near misses: extra or missing segments, an empty param.
  const addresses = ROUTE_TABLE.flatMap((r) => {
    const filled = r.path.replace(/:\w+/g, 'c0ffee-42');
    return [filled, filled.toUpperCase(), `${filled}/`, `${filled}//`, `${filled}/extra`, filled.split('/').slice(0, -1).join('/') || '/', r.path.replace(/:\w+/g, '')];
  });
  addresses.push('/', '', '/nowhere', '/mainPage/companySettings', '/MAINPAGE');

  it('matches every route pattern against every address exactly as react-router matchPath', () => {
    for (const r of ROUTE_TABLE)
      for (const address of addresses) expect([r.path, address, patternMatches(r.path, address)]).toEqual([r.path, address, matchPath({ path: r.path }, address) !== null]);
  });

  it('names the module of a signed-in page, and none for an address no built-in route draws', () => {
    expect(builtInRouteAt('/mainPage')?.module).toBe('DashboardPage');
    expect(builtInRouteAt('/EMPLOYEE-management/')?.module).toBe('EmployeeManagementPage');
    expect(builtInRouteAt('/nowhere')).toBeUndefined();
  });
});

describe('a first visit to a signed-in page fetches ahead', () => {
  const runtime = () => ({ registerRemotes: vi.fn(), loadRemote: vi.fn(() => Promise.resolve()) });

  it('warms the query cache and, once release.json names no build for everyone, nothing else', async () => {
    sessionStorage.setItem(STORAGE_KEYS.userId, 'u-1');
    try {
      const queries = { warm: vi.fn() };
      const r = runtime();
      expect(await warmPageAt(r, Promise.resolve(null), '/mainPage', queries)).toBe(false);
      expect(queries.warm).toHaveBeenCalledTimes(1);
      expect(r.loadRemote).not.toHaveBeenCalled();
    } finally {
      sessionStorage.clear();
    }
  });

  it('fetches nothing for a visitor who may not be signed in', async () => {
    const queries = { warm: vi.fn() };
    expect(await warmPageAt(runtime(), Promise.resolve(null), '/mainPage', queries)).toBe(false);
    expect(queries.warm).not.toHaveBeenCalled();
  });
});

describe('the wait for the frame to be on screen', () => {
  const wait = async (waited: Promise<void>, ms: number) => {
    let done = false;
    void waited.then(() => (done = true));
    await new Promise((r) => setTimeout(r, ms));
    return done;
  };

  it('ends when the browser reports the largest paint', async () => {
    let report: (() => void) | undefined;
    class Observer {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(cb: () => void) {
        report = cb;
      }
      observe = vi.fn();
      disconnect = vi.fn();
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    try {
      const waited = afterNextPaint(10_000);
      expect(await wait(waited, 5)).toBe(false);
      report!();
      expect(await wait(waited, 5)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ends after two animation frames where the largest paint is not reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      const waited = afterNextPaint(10_000);
      expect(await wait(waited, 5)).toBe(false);
      frames.shift()!(0);
      expect(await wait(waited, 5)).toBe(false);
      frames.shift()!(16);
      expect(await wait(waited, 5)).toBe(true);
    } finally {
      raf.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('ends on its timer when nothing is drawn, and at once in a hidden tab', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      await afterNextPaint(5);
      const hidden = { visibilityState: 'hidden' } as Document;
      expect(await wait(afterNextPaint(10_000, hidden), 0)).toBe(true);
    } finally {
      raf.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
