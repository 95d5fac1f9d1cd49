import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { PlatformContext, type Platform, type Session } from '@portal/shared-contracts';
import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';

export interface FakePlatform extends Platform {
  api: { call: Mock };
  auth: { signIn: Mock; signOut: Mock; updateSession: Mock };
  navigate: Mock;
  toast: { success: Mock; error: Mock; info: Mock };
}

export const testSession: Session = {
  userId: 'u-1',
  role: 'Employer',
  name: 'Ada Admin',
  email: 'ada@example.com',
  employerId: 'c-1',
  employerUserId: 'eu-1',
  signUpState: 3,
  companyDetails: null,
};

/** A platform like the shell's, with every call a spy; `api.call` answers nothing until told. */
export function createFakePlatform(overrides: { session?: Session | null; query?: string; origin?: string } = {}): FakePlatform {
  const query = new URLSearchParams(overrides.query ?? '');
  return {
    api: { call: vi.fn() },
    session: overrides.session === undefined ? null : overrides.session,
    auth: { signIn: vi.fn(async () => {}), signOut: vi.fn(async () => {}), updateSession: vi.fn() },
    navigate: vi.fn(),
    location: { pathname: '/', search: query.toString() ? `?${query.toString()}` : '', query },
    toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
    release: { shellVersion: 'test', contractsVersion: '1.0.0', remotes: {} },
    savedFlag: { get: () => false, set: () => {} },
    RemoteSlot: () => null,
    origin: overrides.origin ?? 'https://portal.example',
  };
}

export function renderWithPlatform(ui: ReactElement, platform: FakePlatform = createFakePlatform()): RenderResult & { platform: FakePlatform } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <PlatformContext.Provider value={platform}>{ui}</PlatformContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, platform };
}
