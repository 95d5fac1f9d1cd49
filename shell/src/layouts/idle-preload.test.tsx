import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { ROUTES } from '@portal/shared-contracts/routes';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { RegistryContext } from '../remotes/remote-slot';
import { SETTLE_MS } from '../platform/when-settled';
import { useIdlePreload } from './idle-preload';

function Tabs({ paths }: { paths: readonly string[] }) {
  useIdlePreload(paths);
  return null;
}

/** A layout's tabs warmed through a registry that only records what it was asked to preload. */
function renderTabs(paths: readonly string[]) {
  const preload = vi.fn();
  const registry = { preload } as unknown as RemoteRegistry;
  const view = render(
    <RegistryContext.Provider value={registry}>
      <Tabs paths={paths} />
    </RegistryContext.Provider>,
  );
  return { preload, view };
}

describe("a layout's tabs, warmed once the page has settled", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: the fallback runs 200 ms later.
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warms nothing while the page is still starting, then each tab once', () => {
    const { preload } = renderTabs([ROUTES.employeeManagement, ROUTES.companySettings]);
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 200);
    expect(preload.mock.calls.map(([remote]) => remote)).toEqual(['mfe-employees', 'mfe-onboarding']);
    vi.advanceTimersByTime(60_000);
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('warms nothing for a layout that left before the page settled', () => {
    const { preload, view } = renderTabs([ROUTES.employeeManagement]);
    vi.advanceTimersByTime(SETTLE_MS / 2);
    view.unmount();
    vi.advanceTimersByTime(60_000);
    expect(preload).not.toHaveBeenCalled();
  });
});
