import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformContext, type AnyEndpoint, type Platform, type RemoteSlotProps, type Session } from '@portal/shared-contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

type Handler = (input: Record<string, unknown> | undefined) => unknown;

export interface FakePlatformOptions {
  /** Answers by endpoint id; an answer is parsed with the endpoint's schema like the shell's client does. */
  handlers?: Record<string, Handler>;
  session?: Partial<Session> | null;
  /** The hash route's query string, e.g. "tab=Incentives". */
  query?: string;
  saved?: boolean;
}

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    userId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    role: 'Employer',
    name: 'Pat Employer',
    email: 'pat@acme.example',
    employerId: null,
    employerUserId: null,
    signUpState: 0,
    companyDetails: null,
    ...overrides,
  };
}

/** The shell's unavailable panel is not ours to test: the slot shows what it was asked to render. */
function FakeRemoteSlot({ remote, module, props }: RemoteSlotProps) {
  const p = (props ?? {}) as { onDone?: () => void; onOpenChange?: (open: boolean) => void; context?: string };
  return (
    <div data-testid="remote-slot" data-remote={remote} data-module={module} data-context={p.context}>
      <button type="button" onClick={() => p.onDone?.()}>
        Fake {module} done
      </button>
      <button type="button" onClick={() => p.onOpenChange?.(false)}>
        Fake {module} close
      </button>
    </div>
  );
}

export function createFakePlatform(options: FakePlatformOptions = {}) {
  const handlers = options.handlers ?? {};
  let saved = options.saved ?? false;
  const call = vi.fn(async (endpoint: AnyEndpoint, input?: Record<string, unknown>) => {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`Unexpected call ${endpoint.id}`);
    const answer = await handler(input);
    return endpoint.response.parse(answer);
  });
  const platform: Platform = {
    api: { call: call as unknown as Platform['api']['call'] },
    session: options.session === null ? null : aSession(options.session ?? {}),
    auth: { signIn: vi.fn(), signOut: vi.fn(), updateSession: vi.fn() },
    navigate: vi.fn(),
    location: { pathname: '/', search: options.query ? `?${options.query}` : '', query: new URLSearchParams(options.query ?? '') },
    toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
    release: { shellVersion: 'test', contractsVersion: 'test', remotes: {} },
    savedFlag: {
      get: vi.fn(() => saved),
      set: vi.fn((v: boolean) => {
        saved = v;
      }),
    },
    RemoteSlot: FakeRemoteSlot,
    origin: 'http://portal.test',
  };
  return { platform, call };
}

export function renderWithPlatform(ui: ReactElement, options: FakePlatformOptions = {}) {
  const { platform, call } = createFakePlatform(options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PlatformContext.Provider value={platform}>{ui}</PlatformContext.Provider>
    </QueryClientProvider>,
  );
  /** The calls made to one endpoint, with their inputs. */
  const callsTo = (id: string) => call.mock.calls.filter(([endpoint]) => endpoint.id === id).map(([, input]) => input);
  return { ...result, platform, call, callsTo, user, queryClient };
}
