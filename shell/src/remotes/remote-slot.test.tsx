import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, REMOTES, type ResolvedRemote } from '@portal/shared-contracts';
import { RemoteRegistry, type FederationRuntime } from './remote-registry';
import { RegistryContext, RemoteSlot } from './remote-slot';

const stable = (remote: ResolvedRemote['remote'], version = '1.0.0'): ResolvedRemote => ({
  remote,
  version,
  entry: `/remotes/${remote}/${version}/mf-manifest.json`,
  reason: 'stable',
});

function fakeRuntime(load: (id: string, entry: string | undefined) => Promise<unknown>) {
  const entries = new Map<string, string>();
  const runtime: FederationRuntime = {
    registerRemotes: vi.fn((list: { name: string; entry: string }[]) => {
      for (const r of list) entries.set(r.name, r.entry);
    }),
    loadRemote: vi.fn((id: string) => load(id, entries.get(id.split('/')[0]!)) as Promise<never>),
  };
  return runtime;
}

function renderSlot(registry: RemoteRegistry, remote: ResolvedRemote['remote'], module: string) {
  return render(
    <RegistryContext.Provider value={registry}>
      <header>Header still here</header>
      <RemoteSlot remote={remote} module={module} props={{ who: 'Ann' }} />
    </RegistryContext.Provider>,
  );
}

const panelText = (remote: ResolvedRemote['remote']) => MESSAGES.common.featureUnavailable(REMOTES[remote].feature);

describe('RemoteSlot', () => {
  it('renders the exposed module with its props', async () => {
    const runtime = fakeRuntime(async () => ({ default: ({ who }: { who: string }) => <p>Hello {who}</p> }));
    renderSlot(new RemoteRegistry(runtime, { 'mfe-auth': stable('mfe-auth') }), 'mfe-auth', 'LoginPage');
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_auth/LoginPage');
  });

  it('shows the unavailable panel, in its slot only, for a remote missing from release.json', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const runtime = fakeRuntime(async () => ({ default: () => <p>never</p> }));
    renderSlot(new RemoteRegistry(runtime, {}), 'mfe-billing', 'BillingPage');
    expect(await screen.findByText(panelText('mfe-billing'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.common.retry })).toBeInTheDocument();
    expect(screen.getByText('Header still here')).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('shows the panel when loading fails and loads again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const runtime = fakeRuntime(async () => {
      if (fail) throw new Error('manifest 503');
      return { default: () => <p>Employee management works</p> };
    });
    const registry = new RemoteRegistry(runtime, { 'mfe-employees': stable('mfe-employees') });
    renderSlot(registry, 'mfe-employees', 'EmployeeManagementPage');
    expect(await screen.findByText(panelText('mfe-employees'))).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByText('Employee management works')).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    // Retry re-registers the remote so the runtime forgets the failed manifest.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_employees', entry: '/remotes/mfe-employees/1.0.0/mf-manifest.json' }], { force: true });
  });

  it('contains a remote that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    const runtime = fakeRuntime(async () => ({ default: Broken }));
    renderSlot(new RemoteRegistry(runtime, { 'mfe-insights': stable('mfe-insights') }), 'mfe-insights', 'DashboardPage');
    expect(await screen.findByText(panelText('mfe-insights'))).toBeInTheDocument();
    expect(screen.getByText('Header still here')).toBeInTheDocument();
  });

  it('falls back from a failing canary to the stable build for this user', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const runtime = fakeRuntime(async (_id, entry) => {
      if (entry?.includes('2.0.0')) throw new Error('canary chunk 404');
      return { default: () => <p>Stable dashboard</p> };
    });
    const canary: ResolvedRemote = { ...stable('mfe-insights', '2.0.0'), reason: 'canary' };
    const registry = new RemoteRegistry(runtime, { 'mfe-insights': canary }, { 'mfe-insights': stable('mfe-insights', '1.0.0') });
    renderSlot(registry, 'mfe-insights', 'DashboardPage');
    expect(await screen.findByText('Stable dashboard')).toBeInTheDocument();
    expect(registry.versions()['mfe-insights']).toMatchObject({ version: '1.0.0', reason: 'fallback' });
  });
});
