import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from '../platform/when-settled';
import { warmSessionContracts } from './warm-session-contracts';

// Records when the session's endpoints and the sign-in sequence are fetched.
const fetched = vi.hoisted(() => vi.fn());
vi.mock('@portal/shared-contracts/endpoints/session', () => {
  fetched('endpoints');
  return { sessionEndpoints: {} };
});
vi.mock('../platform/auth', () => {
  fetched('sign-in');
  return {};
});

describe('warmSessionContracts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches the session endpoints and the sign-in sequence once the page has settled, not before', async () => {
    warmSessionContracts();
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(fetched).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: the fallback runs 200 ms later.
    await vi.advanceTimersByTimeAsync(1 + 200);
    await vi.waitFor(() => expect(fetched.mock.calls.map(([what]) => what).sort()).toEqual(['endpoints', 'sign-in']));
  });
});
