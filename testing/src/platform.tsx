// The fake platform itself, free of vitest so that development harnesses can run it in a browser:
// tests pass a spy factory (vi.fn), harnesses pass none and get plain functions.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import {
  PlatformContext,
  type AnyEndpoint,
  type CallOptions,
  type Platform,
  type PlatformAuth,
  type RemoteSlotProps,
  type Session,
  type Toast,
} from '@portal/shared-contracts';
import { sessionFixture } from './session';

/** What the fake server answers for one endpoint; throw an ApiError to refuse. */
export type Handler = (input: Record<string, unknown> | undefined, options?: CallOptions) => unknown;

/** One function answering every call, switching on `endpoint.id` (an in-memory server). */
export type FakeCall = (endpoint: AnyEndpoint, input?: Record<string, unknown>, options?: CallOptions) => Promise<unknown>;

export interface FakePlatformOptions {
  /** Answers by endpoint id; a call nobody answers fails the way a network failure would. */
  handlers?: Record<string, Handler>;
  /** Answers every call instead of `handlers`. Either way the answer is parsed with the endpoint's schema, as the shell's client does. */
  call?: FakeCall;
  /** Null is signed out; a partial session completes the default one. Defaults to `sessionFixture`. */
  session?: Partial<Session> | null;
  /** The route's path. */
  pathname?: string;
  /** The route's query string, e.g. "tab=Incentives". */
  query?: string;
  /** The "saved" session flag's first value. */
  saved?: boolean;
  savedFlag?: Platform['savedFlag'];
  auth?: Partial<PlatformAuth>;
  navigate?: Platform['navigate'];
  toast?: Toast;
  release?: Platform['release'];
  RemoteSlot?: ComponentType<RemoteSlotProps>;
  origin?: string;
}

/** Wraps a function so it can be inspected; a harness keeps the function as it is. */
export type Spy = <F extends (...args: never[]) => unknown>(impl: F) => F;

const plain: Spy = (impl) => impl;

/** Shows what the shell would mount, with buttons that play the slotted module's callbacks. */
export function FakeRemoteSlot({ remote, module, props }: RemoteSlotProps) {
  const p = (props ?? {}) as { onDone?: () => void; onOpenChange?: (open: boolean) => void; context?: string };
  return (
    <div data-testid="remote-slot" data-remote={remote} data-module={module} data-context={p.context}>
      {`${remote}/${module}`}
      <button type="button" onClick={() => p.onDone?.()}>
        Fake {module} done
      </button>
      <button type="button" onClick={() => p.onOpenChange?.(false)}>
        Fake {module} close
      </button>
    </div>
  );
}

function resolveSession(session: FakePlatformOptions['session']): Session | null {
  if (session === null) return null;
  return { ...sessionFixture, ...session };
}

function answerByHandlers(handlers: Record<string, Handler>): FakeCall {
  return async (endpoint, input, options) => {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`Unexpected call ${endpoint.id}`);
    return handler(input, options);
  };
}

/** A platform like the shell's: every function is made by `spy`, the api answers as `o` says. */
export function buildPlatform(o: FakePlatformOptions = {}, spy: Spy = plain): Platform {
  const answer = o.call ?? answerByHandlers(o.handlers ?? {});
  const query = new URLSearchParams(o.query ?? '');
  let saved = o.saved ?? false;
  const call: FakeCall = async (endpoint, input, options) => endpoint.response.parse(await answer(endpoint, input, options));
  return {
    api: { call: spy(call) as Platform['api']['call'] },
    session: resolveSession(o.session),
    auth: {
      signIn: spy(o.auth?.signIn ?? (async () => {})),
      signOut: spy(o.auth?.signOut ?? (async () => {})),
      updateSession: spy(o.auth?.updateSession ?? (() => {})),
    },
    navigate: spy(o.navigate ?? (() => {})),
    location: { pathname: o.pathname ?? '/', search: o.query ? `?${o.query}` : '', query },
    toast: {
      success: spy(o.toast?.success ?? (() => {})),
      error: spy(o.toast?.error ?? (() => {})),
      info: spy(o.toast?.info ?? (() => {})),
    },
    release: o.release ?? { shellVersion: 'test', contractsVersion: '1.0.0', remotes: {} },
    savedFlag: o.savedFlag ?? {
      get: spy(() => saved),
      set: spy((value: boolean) => {
        saved = value;
      }),
    },
    RemoteSlot: o.RemoteSlot ?? FakeRemoteSlot,
    origin: o.origin ?? 'https://portal.example',
  };
}

/** A query client that reports a failure at once instead of retrying it. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** What the shell puts around every remote module: the query client and the platform. */
export function PlatformProviders({ platform, client, children }: { platform: Platform; client?: QueryClient; children: ReactNode }) {
  const [own] = useState(createTestQueryClient);
  return (
    <QueryClientProvider client={client ?? own}>
      <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>
    </QueryClientProvider>
  );
}
