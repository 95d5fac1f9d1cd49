import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createStore } from '../session/portal-store';
import { beforeAll, vi } from 'vitest';
import { createToastStore } from '@portal/shared-ui/overlays';
import { REMOTE_IDS, usePlatform, type RemoteApp, type RemoteId, type ResolvedRemote, type Session } from '@portal/shared-contracts';
import { createQueries } from '../queries/queries';
import { RemoteRegistry, type FederationRuntime } from '../remotes/remote-registry';
import { sessionAtom } from '../session/session-store';
import { ShellApp } from '../shell-app';

// The page fetches the router when a route other than a public page is first shown (a signed-in
// page's boot fetches it ahead); tests start with it loaded, except those that check it is not fetched.
if (!(globalThis as { coldShellRouter?: boolean }).coldShellRouter) beforeAll(() => import('../routes/router-app'));

/** A page module that names itself and shows where the platform says we are (a header widget: its name). */
function fakePage(id: string) {
  if (/(Bell|Notice)$/.test(id)) return () => <span>{id}</span>;
  return function FakePage(props: Record<string, unknown>) {
    const { location } = usePlatform();
    return (
      <div data-testid="page">
        <h1>{id}</h1>
        <p data-testid="path">{location.pathname}</p>
        <p data-testid="props">{JSON.stringify(props)}</p>
      </div>
    );
  };
}

export function renderShell(o: {
  path: string;
  session?: Session | null;
  released?: readonly RemoteId[];
  fetch?: typeof fetch;
  /** Modules to render instead of the named fakes, by federation id (e.g. `mfe_onboarding/CompanySettingsPage`). */
  pages?: Record<string, ComponentType>;
  /** Remotes the shell was not built with, released with their descriptors (docs/decisions/0050). */
  added?: Record<string, RemoteApp>;
}) {
  const released = o.released ?? REMOTE_IDS;
  const resolved: Partial<Record<RemoteId, ResolvedRemote>> = {};
  for (const id of released) resolved[id] = { remote: id, version: '1.0.0', entry: `/remotes/${id}/1.0.0/mf-manifest.json`, reason: 'stable' };
  for (const [id, app] of Object.entries(o.added ?? {}))
    resolved[id as RemoteId] = { remote: id as RemoteId, version: '1.0.0', entry: `/remotes/${id}/1.0.0/mf-manifest.json`, reason: 'stable', app };
  const runtime: FederationRuntime = {
    registerRemotes: vi.fn(),
    loadRemote: vi.fn(async (id: string) => ({ default: o.pages?.[id] ?? fakePage(id) })) as FederationRuntime['loadRemote'],
  };
  const store = createStore();
  store.set(sessionAtom, o.session ?? null);
  const fetchFn = o.fetch ?? (vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch);
  const services = {
    store,
    registry: new RemoteRegistry(runtime, resolved),
    // Test pages may use queries; there is no federation share scope to ask.
    queries: createQueries({ needed: () => true }),
    toasts: createToastStore(),
    shellVersion: '1.0.0-test',
    contractsVersion: '1.0.0',
    apiBaseUrl: 'http://portal.test',
    fetch: fetchFn,
  };
  const view = render(<ShellApp services={services} initialPath={o.path} />);
  return { ...view, runtime, store, services };
}

export const employerSession = (over: Partial<Session> = {}): Session => ({
  userId: '11111111-1111-4111-8111-111111111111',
  role: 'Employer',
  name: 'Ann Employer',
  email: 'ann@acme.test',
  employerId: '33333333-3333-4333-8333-333333333333',
  employerUserId: '22222222-2222-4222-8222-222222222222',
  signUpState: 3,
  companyDetails: null,
  ...over,
});

export const superAdminSession = (): Session => employerSession({ role: 'SuperAdmin', name: 'Sam Admin', employerId: null, employerUserId: null });

/** The company of `employerSession()`, as `employers.get` answers it. */
export const employerCompany = () => ({
  id: employerSession().employerId!,
  name: 'Acme',
  email: 'hello@acme.test',
  phoneNumber: '7700900123',
  countryCode: { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' },
  isActive: true,
  signUpState: 3,
  locations: [],
  incentive: null,
});
