import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import type { AnyEndpoint, Platform, PlatformAuth, Toast } from '@portal/shared-contracts';
import { buildPlatform, createTestQueryClient, PlatformProviders, type FakeCall, type FakePlatformOptions } from './platform';

/** The api's spy: a test may program an answer of any endpoint's type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CallSpy = Mock<(...args: Parameters<FakeCall>) => Promise<any>>;

/** A platform whose every function is a vitest spy. */
export interface FakePlatform extends Platform {
  api: { call: CallSpy };
  auth: { [K in keyof PlatformAuth]: Mock<PlatformAuth[K]> };
  navigate: Mock<Platform['navigate']>;
  toast: { [K in keyof Toast]: Mock<Toast[K]> };
  savedFlag: { get: Mock<() => boolean>; set: Mock<(value: boolean) => void> };
}

export function createFakePlatform(options: FakePlatformOptions = {}): FakePlatform {
  return buildPlatform(options, (impl) => vi.fn(impl)) as FakePlatform;
}

/** The calls made to one endpoint, with their inputs. */
export function callsTo(call: CallSpy, id: string): (Record<string, unknown> | undefined)[] {
  return call.mock.calls.filter(([endpoint]) => (endpoint as AnyEndpoint).id === id).map(([, input]) => input);
}

interface RenderWithPlatformResult extends RenderResult {
  platform: FakePlatform;
  call: FakePlatform['api']['call'];
  callsTo: (id: string) => (Record<string, unknown> | undefined)[];
  navigate: FakePlatform['navigate'];
  toast: FakePlatform['toast'];
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders `ui` as the shell would mount a remote module: inside a query client and a fake platform,
 * described by options or made beforehand (to program its spies first).
 */
export function renderWithPlatform(ui: ReactElement, platformOrOptions: FakePlatform | FakePlatformOptions = {}): RenderWithPlatformResult {
  const platform = 'api' in platformOrOptions ? platformOrOptions : createFakePlatform(platformOrOptions);
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <PlatformProviders platform={platform} client={queryClient}>
      {ui}
    </PlatformProviders>,
  );
  const call = platform.api.call;
  return { ...result, platform, call, callsTo: (id) => callsTo(call, id), navigate: platform.navigate, toast: platform.toast, user, queryClient };
}

/**
 * `renderWithPlatform` for a package whose tests mostly share other defaults (e.g. a user whose
 * company is not set up yet); a test's own options still win, and its partial session completes the
 * default one.
 */
export function withDefaults(defaults: FakePlatformOptions) {
  const merge = (options: FakePlatformOptions): FakePlatformOptions => ({ ...defaults, ...options, session: mergeSession(defaults.session, options.session) });
  return {
    renderWithPlatform: (ui: ReactElement, platformOrOptions: FakePlatform | FakePlatformOptions = {}) =>
      renderWithPlatform(ui, 'api' in platformOrOptions ? platformOrOptions : merge(platformOrOptions)),
  };
}

function mergeSession(base: FakePlatformOptions['session'], own: FakePlatformOptions['session']): FakePlatformOptions['session'] {
  if (own === undefined) return base;
  if (own === null || !base) return own;
  return { ...base, ...own };
}
