import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  PlatformContext,
  type AnyEndpoint,
  type CallOptions,
  type Platform,
  type RemoteSlotProps,
  type Session,
} from '@portal/shared-contracts';
import { COMPANY_ID, uuid } from './fixtures';

export type FakeCall = (endpoint: AnyEndpoint, input: Record<string, unknown> | undefined, options?: CallOptions) => Promise<unknown>;

export interface FakePlatformOptions {
  call: FakeCall;
  session?: Session | null;
  query?: string;
  navigate?: (to: string) => void;
  toast?: Platform['toast'];
}

export const employerSession: Session = {
  userId: uuid(999_002),
  role: 'Employer',
  name: 'Employer Admin',
  email: 'admin@example.com',
  employerId: COMPANY_ID,
  employerUserId: uuid(999_003),
  signUpState: 3,
  companyDetails: null,
};

function FakeRemoteSlot({ remote, module }: RemoteSlotProps) {
  return <div data-testid="remote-slot">{`${remote}/${module}`}</div>;
}

const noop = () => {};

/** A platform like the shell's, with the api answered by `call` (switching on `endpoint.id`). */
export function createFakePlatform(o: FakePlatformOptions): Platform {
  const query = new URLSearchParams(o.query ?? '');
  return {
    api: { call: o.call as Platform['api']['call'] },
    session: o.session === undefined ? employerSession : o.session,
    auth: { signIn: async () => {}, signOut: async () => {}, updateSession: noop },
    navigate: o.navigate ?? noop,
    location: { pathname: '/', search: query.toString() ? `?${query}` : '', query },
    toast: o.toast ?? { success: noop, error: noop, info: noop },
    release: { shellVersion: 'test', contractsVersion: '1.0.0', remotes: {} },
    savedFlag: { get: () => false, set: noop },
    RemoteSlot: FakeRemoteSlot,
    origin: 'https://portal.example',
  };
}

export function PlatformProviders({ platform, children }: { platform: Platform; children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>
    </QueryClientProvider>
  );
}
