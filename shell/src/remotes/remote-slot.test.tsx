import { describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
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
const notReleasedText = (remote: ResolvedRemote['remote']) => MESSAGES.shell.featureNotReleased(REMOTES[remote].feature);

describe('RemoteSlot', () => {
  it('renders the exposed module with its props', async () => {
    const runtime = fakeRuntime(async () => ({ default: ({ who }: { who: string }) => <p>Hello {who}</p> }));
    renderSlot(new RemoteRegistry(runtime, { 'mfe-auth': stable('mfe-auth') }), 'mfe-auth', 'LoginPage');
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_auth/LoginPage');
  });

  it('says calmly, in its slot only, that a remote missing from release.json is not released yet: nothing to retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const runtime = fakeRuntime(async () => ({ default: () => <p>never</p> }));
    renderSlot(new RemoteRegistry(runtime, {}), 'mfe-billing', 'BillingPage');
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent(notReleasedText('mfe-billing'));
    expect(panel).toHaveTextContent(MESSAGES.shell.featureNotReleasedHint);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(panelText('mfe-billing'))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.common.retry })).not.toBeInTheDocument();
    expect(screen.getByText('Header still here')).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('keeps a header widget of an unreleased remote out of sight, but not out of hearing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const runtime = fakeRuntime(async () => ({ default: () => <p>never</p> }));
    render(
      <RegistryContext.Provider value={new RemoteRegistry(runtime, {})}>
        <RemoteSlot remote="mfe-drivers" module="NotificationsBell" compact />
      </RegistryContext.Provider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(notReleasedText('mfe-drivers'));
    expect(screen.queryByRole('button', { name: MESSAGES.common.retry })).not.toBeInTheDocument();
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
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(panelText('mfe-employees'));
    expect(alert).toHaveTextContent(MESSAGES.shell.featureLoadFailedHint);

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

  it('falls back to stable when the canary loads but throws while rendering, without the panel', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtime = fakeRuntime(async (_id, entry) => {
      if (entry?.includes('2.0.0'))
        return {
          default: () => {
            throw new Error('canary bug');
          },
        };
      return { default: () => <p>Stable settings</p> };
    });
    const canary: ResolvedRemote = { ...stable('mfe-onboarding', '2.0.0'), reason: 'canary' };
    const registry = new RemoteRegistry(runtime, { 'mfe-onboarding': canary }, { 'mfe-onboarding': stable('mfe-onboarding', '1.0.0') });
    renderSlot(registry, 'mfe-onboarding', 'CompanySettingsPage');
    expect(await screen.findByText('Stable settings')).toBeInTheDocument();
    expect(screen.queryByText(panelText('mfe-onboarding'))).not.toBeInTheDocument();
    expect(registry.versions()['mfe-onboarding']).toMatchObject({ version: '1.0.0', reason: 'fallback', note: 'canary 2.0.0 failed while rendering' });
  });

  it('renders the stable build after a canary threw, though both builds push their chunks to one global', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // What a bundler runtime does when its container starts: it takes every chunk already pushed to
    // `rspackChunk<name>` (by any build), then fetches and pushes those it still lacks.
    const page = (version: string) =>
      version === '2.0.0'
        ? () => {
            throw new Error('canary bug');
          }
        : () => <p>Stable login</p>;
    const runtime = fakeRuntime(async (_id, entry) => {
      const version = entry?.includes('2.0.0') ? '2.0.0' : '1.0.0';
      const global = globalThis as Record<string, unknown>;
      const chunks = (global.rspackChunkmfe_auth ??= []) as [number, ComponentType][];
      const installed = new Map(chunks);
      if (!installed.has(383)) {
        chunks.push([383, page(version)]);
        installed.set(383, page(version));
      }
      return { default: installed.get(383) };
    });
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/remotes/mfe-auth/2.0.0/383.css' });
    link.setAttribute('data-rspack', 'mfe_auth:chunk-383');
    document.head.append(link);
    const canary: ResolvedRemote = { ...stable('mfe-auth', '2.0.0'), reason: 'canary' };
    const registry = new RemoteRegistry(runtime, { 'mfe-auth': canary }, { 'mfe-auth': stable('mfe-auth', '1.0.0') });
    renderSlot(registry, 'mfe-auth', 'LoginPage');
    expect(await screen.findByText('Stable login')).toBeInTheDocument();
    expect(screen.queryByText(panelText('mfe-auth'))).not.toBeInTheDocument();
    // The canary's stylesheet is not taken for stable's.
    expect(link.isConnected).toBe(false);
    delete (globalThis as Record<string, unknown>).rspackChunkmfe_auth;
  });

  it('shows the panel when stable itself throws: there is nothing to fall back to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtime = fakeRuntime(async () => ({
      default: () => {
        throw new Error('bug');
      },
    }));
    const registry = new RemoteRegistry(runtime, { 'mfe-onboarding': stable('mfe-onboarding') });
    renderSlot(registry, 'mfe-onboarding', 'CompanySettingsPage');
    expect(await screen.findByText(panelText('mfe-onboarding'))).toBeInTheDocument();
  });

  it('marks the content with the build its container stamped, and reloads an override in place', async () => {
    const builds: Record<string, string> = {};
    (globalThis as { __PORTAL_BUILDS__?: Record<string, string> }).__PORTAL_BUILDS__ = builds;
    let text = 'Login v1';
    const runtime = fakeRuntime(async () => {
      builds.mfe_auth = text;
      const shown = text;
      return { default: () => <p>{shown}</p> };
    });
    const override: ResolvedRemote = { remote: 'mfe-auth', version: 'override', entry: 'http://localhost:3001/mf-manifest.json', reason: 'override' };
    const registry = new RemoteRegistry(runtime, { 'mfe-auth': override });
    const { container } = renderSlot(registry, 'mfe-auth', 'LoginPage');
    expect(await screen.findByText('Login v1')).toBeInTheDocument();
    expect(container.querySelector('[data-remote="mfe-auth"]')).toHaveAttribute('data-release-marker', 'Login v1');

    text = 'Login v2';
    act(() => {
      expect(registry.reloadOverride('mfe-auth')).toBe(true);
    });
    expect(await screen.findByText('Login v2')).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_auth', entry: expect.stringMatching(/^http:\/\/localhost:3001\/mf-manifest\.json\?portal-hot=\d+$/) }],
      { force: true },
    );
    // Only an override is ever reloaded this way.
    expect(new RemoteRegistry(runtime, { 'mfe-auth': stable('mfe-auth') }).reloadOverride('mfe-auth')).toBe(false);
  });
});
