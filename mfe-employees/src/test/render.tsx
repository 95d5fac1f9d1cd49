import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ApiError, type AnyEndpoint } from '@portal/shared-contracts';
import { createFakePlatform, PlatformProviders, type FakePlatformOptions } from './fake-platform';

export type Handler = (input: Record<string, unknown> | undefined, options?: unknown) => unknown;

/**
 * Renders `ui` inside a fake shell. `handlers` answer calls by `endpoint.id`; a handler may throw an
 * ApiError to simulate a refusal. Unhandled endpoints fail the call loudly.
 */
export function renderWithPlatform(ui: ReactElement, o: { handlers?: Record<string, Handler> } & Partial<Omit<FakePlatformOptions, 'call'>> = {}) {
  const call = vi.fn(async (endpoint: AnyEndpoint, input?: Record<string, unknown>, options?: unknown) => {
    const h = o.handlers?.[endpoint.id];
    if (!h) throw new ApiError(500, `unhandled ${endpoint.id}`);
    return h(input, options);
  });
  const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  const navigate = vi.fn();
  const platform = createFakePlatform({ toast, navigate, ...o, call });
  const user = userEvent.setup();
  const utils = render(<PlatformProviders platform={platform}>{ui}</PlatformProviders>);
  return { ...utils, user, call, toast, navigate, platform };
}

/** The calls made to one endpoint. */
export function callsTo(call: ReturnType<typeof vi.fn>, id: string) {
  return call.mock.calls.filter((c) => (c[0] as AnyEndpoint).id === id).map((c) => c[1] as Record<string, unknown> | undefined);
}
