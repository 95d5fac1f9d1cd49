import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, REMOTE_IDS, type ConsoleRemote, type ReleaseConsole, type ReleaseHealth, type VersionHealth } from '@portal/shared-contracts';
import { createHarnessPlatform, PlatformProviders, uuid } from '@portal/testing/harness';
import { routeRemotes, setRouteRemote } from '../telemetry/hub';
import { trendOf } from './format';
import { ReleaseConsolePage } from './release-console-page';

const M = MESSAGES.releases;

type Handlers = Record<string, (input: Record<string, unknown> | undefined) => unknown>;

/** The page under a fake platform whose api answers from `handlers`, recording each call. */
function renderWithPlatform(ui: React.ReactElement, o: { session: object; handlers: Handlers }) {
  const calls: { id: string; input: Record<string, unknown> | undefined }[] = [];
  const handlers = Object.fromEntries(
    Object.entries(o.handlers).map(([id, h]) => [id, (input: Record<string, unknown> | undefined) => (calls.push({ id, input }), h(input))]),
  );
  const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  const platform = createHarnessPlatform({ session: o.session, handlers, toast });
  const user = userEvent.setup();
  render(<PlatformProviders platform={platform}>{ui}</PlatformProviders>);
  return { user, toast, callsTo: (id: string) => calls.filter((c) => c.id === id).map((c) => c.input) };
}
const superAdmin = { userId: uuid(), role: 'SuperAdmin' as const, name: 'Root', email: 'root@example.com', employerId: null, employerUserId: null };
const company = uuid(7);
const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

function remote(r: (typeof REMOTE_IDS)[number], over: Partial<ConsoleRemote> = {}): ConsoleRemote {
  return {
    remote: r,
    stable: { version: '1.0.0', contractsVersion: '1.0.0', publishedAt: null },
    canary: null,
    previous: [],
    published: ['1.0.0'],
    updatedAt: iso(90),
    ...over,
  };
}

function consoleView(employees: Partial<ConsoleRemote>): ReleaseConsole {
  return {
    shell: { version: '3.2.0', contractsVersion: '1.0.0' },
    remotes: REMOTE_IDS.map((r) => (r === 'mfe-employees' ? remote(r, employees) : remote(r))),
    history: [
      { at: iso(5), action: 'canary', remote: 'mfe-employees', version: '1.5.0', from: '1.4.0', by: 'Ana Ops <ana@example.com>', note: '10%' },
      { at: iso(60), action: 'promote', remote: 'mfe-employees', version: '1.4.0', from: '1.3.0', by: 'ci', note: null },
    ],
    historyTotal: 2,
  };
}

const withCanary: Partial<ConsoleRemote> = {
  stable: { version: '1.4.0', contractsVersion: '1.0.0', publishedAt: null },
  canary: { version: '1.5.0', contractsVersion: '1.1.0', publishedAt: null, percent: 10, companies: [{ id: company, name: 'Greenway Ltd' }], guard: null },
  previous: ['1.3.0'],
  published: ['1.3.0', '1.4.0', '1.5.0'],
  updatedAt: iso(5),
};

function figures(version: string, pageViews: number, over: Partial<VersionHealth> = {}): VersionHealth {
  return {
    remote: 'mfe-employees',
    version,
    pageViews,
    loadFailures: 0,
    renderErrors: 0,
    errors: 0,
    loadFailureRate: 0,
    renderErrorRate: 0,
    errorRate: 0,
    lcpP75Ms: 1800,
    inpP75Ms: 120,
    clsP75: 0.01,
    loadP95Ms: 420,
    firstSeen: iso(30),
    lastSeen: iso(1),
    senders: 25,
    series: [
      { at: iso(3), pageViews: Math.round(pageViews / 2), failures: 0 },
      { at: iso(1), pageViews: pageViews - Math.round(pageViews / 2), failures: over.loadFailures ?? 0 },
    ],
    ...over,
  };
}

const health: ReleaseHealth = {
  windowMinutes: 60,
  bucketMinutes: 1,
  from: iso(60),
  to: iso(0),
  versions: [figures('1.4.0', 900), figures('1.5.0', 100, { loadFailures: 3, loadFailureRate: 0.03, senders: 7 })],
  totalCount: 2,
  pageNumber: 1,
  pageSize: 50,
  totalPages: 1,
  hasPreviousPage: false,
  hasNextPage: false,
};

describe('Releases (the release console)', () => {
  it('shows each remote with stable, canary, share, companies by name, contracts and age, the figures side by side with trends, and the history', async () => {
    renderWithPlatform(<ReleaseConsolePage />, { session: superAdmin, handlers: { 'releases.console': () => consoleView(withCanary), 'releases.health': () => health } });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    const c = within(card);
    expect(c.getByText('Greenway Ltd')).toBeInTheDocument();
    expect(c.getByText('10%')).toBeInTheDocument();
    expect(c.getByText('1.0.0 / 1.1.0')).toBeInTheDocument();
    expect(c.getByText(M.ago('5m'))).toBeInTheDocument();
    const rows = c.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('900')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('100')).toBeInTheDocument();
    // How many distinct senders each version's page views came from.
    expect(c.getByRole('columnheader', { name: M.figures.senders })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('25')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('7')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(M.sendersNote.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3.0%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1.80 s')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: /mfe-employees 1\.5\.0 Page views per minute: 100 page views, 3 failures/ })).toBeInTheDocument();
    const history = screen.getByRole('heading', { name: M.history }).closest('section')!;
    const lines = within(history).getAllByRole('row').slice(1);
    expect(within(lines[0]!).getByText('Ana Ops <ana@example.com>')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('ci')).toBeInTheDocument();
    expect(document.title).toContain(M.title);
  });

  it('promotes after a confirmation naming the effect, and shows the new stable version', async () => {
    const { user, callsTo, toast } = renderWithPlatform(<ReleaseConsolePage />, {
      session: superAdmin,
      handlers: {
        'releases.console': () => consoleView(withCanary),
        'releases.health': () => health,
        'releases.promote': () => consoleView({ ...withCanary, stable: { version: '1.5.0', contractsVersion: '1.1.0', publishedAt: null }, canary: null, previous: ['1.4.0', '1.3.0'] }),
      },
    });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: M.promote }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Promote mfe-employees 1.5.0 to stable for every company?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.done.promote('mfe-employees', '1.5.0')));
    expect(callsTo('releases.promote')).toEqual([{ params: { remote: 'mfe-employees' }, body: { version: '1.5.0' } }]);
    await waitFor(() => expect(within(card).queryByRole('button', { name: M.promote })).not.toBeInTheDocument());
    expect(within(card).getByText(M.noCanary)).toBeInTheDocument();
  });

  it('sets a share through the form and a confirmation; a refusal of the store is shown as its message', async () => {
    const { user, callsTo, toast } = renderWithPlatform(<ReleaseConsolePage />, {
      session: superAdmin,
      handlers: {
        'releases.console': () => consoleView(withCanary),
        'releases.health': () => health,
        'releases.canary': () => {
          throw new ApiError(409, 'another release is changing release.json; nothing was changed: run the command again');
        },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: M.setShare }));
    const form = await screen.findByRole('dialog');
    const share = within(form).getByLabelText(M.shareLabel);
    await user.clear(share);
    await user.type(share, '150');
    await user.click(within(form).getByRole('button', { name: M.setShare }));
    expect(await within(form).findByText(M.badPercent)).toBeInTheDocument();
    await user.clear(share);
    await user.type(share, '50');
    await user.click(within(form).getByRole('button', { name: M.setShare }));
    const confirm = await screen.findByText(M.confirmShare('mfe-employees', '1.5.0', 50));
    await user.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('another release is changing release.json; nothing was changed: run the command again'));
    expect(callsTo('releases.canary')).toEqual([{ params: { remote: 'mfe-employees' }, body: { version: '1.5.0', percent: 50, companies: [company] } }]);
  });

  it('says who aborted a canary left at share 0, offers no second abort and no promotion until it has a share again', async () => {
    const view = consoleView({ ...withCanary, canary: { ...withCanary.canary!, percent: 0, companies: [] } });
    view.history.unshift({ at: iso(1), action: 'abort-canary', remote: 'mfe-employees', version: '1.4.0', from: '1.5.0', by: 'release-guard', note: 'guard: error rate' });
    const { user } = renderWithPlatform(<ReleaseConsolePage />, {
      session: superAdmin,
      handlers: { 'releases.console': () => view, 'releases.health': () => health },
    });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    expect(within(card).getByText(M.abortedBy('release-guard'))).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: M.abort })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: M.promote })).not.toBeInTheDocument();
    expect(within(card).getByText(M.offNotPromoted('1.5.0'))).toBeInTheDocument();
    // Set share is the way back: it offers the aborted version at a share above 0.
    await user.click(within(card).getByRole('button', { name: M.setShare }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(M.versionLabel)).toHaveValue('1.5.0');
    expect(within(dialog).getByLabelText(M.shareLabel)).toHaveValue('10');
  });

  it('still names the abort after another version was promoted by name beside the aborted canary, as pnpm release status does', async () => {
    const view = consoleView({ ...withCanary, stable: { version: '1.4.1', contractsVersion: '1.0.0', publishedAt: null }, canary: { ...withCanary.canary!, percent: 0, companies: [] } });
    view.history.unshift(
      { at: iso(1), action: 'promote', remote: 'mfe-employees', version: '1.4.1', from: '1.4.0', by: 'ci', note: null },
      { at: iso(2), action: 'abort-canary', remote: 'mfe-employees', version: '1.4.0', from: '1.5.0', by: 'release-guard', note: 'guard: error rate' },
    );
    renderWithPlatform(<ReleaseConsolePage />, { session: superAdmin, handlers: { 'releases.console': () => view, 'releases.health': () => health } });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    expect(within(card).getByText(M.abortedBy('release-guard'))).toBeInTheDocument();
    expect(within(card).getByText(M.offNotPromoted('1.5.0'))).toBeInTheDocument();
  });

  it('says how a guarded canary is judged, senders included, and shows senders it does not know as unknown', async () => {
    const guard = { marginPoints: 2, minPageViews: 200, autoPromoteAfterMs: null, since: iso(5) };
    const unknown = { ...health, versions: health.versions.map((v) => ({ ...v, senders: null })) };
    renderWithPlatform(<ReleaseConsolePage />, {
      session: superAdmin,
      handlers: { 'releases.console': () => consoleView({ ...withCanary, canary: { ...withCanary.canary!, guard } }), 'releases.health': () => unknown },
    });
    const card = (await screen.findByRole('heading', { name: 'mfe-employees' })).closest('article')!;
    // A guard recorded without minSenders takes the default.
    expect(within(card).getByText(M.guarded(2, 200, 10))).toBeInTheDocument();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent(/^-$/);
  });

  it("counts its web vitals for no remote: it is the shell's own page", async () => {
    setRouteRemote('mfe-auth');
    renderWithPlatform(<ReleaseConsolePage />, { session: superAdmin, handlers: { 'releases.console': () => consoleView(withCanary), 'releases.health': () => health } });
    await screen.findByRole('heading', { name: 'mfe-employees' });
    expect(routeRemotes().current).toBeNull();
  });

  it('says why the releases could not be loaded, with Retry', async () => {
    let fail = true;
    const { user } = renderWithPlatform(<ReleaseConsolePage />, {
      session: superAdmin,
      handlers: {
        'releases.console': () => {
          if (fail) throw new ApiError(503, M.unavailable);
          return consoleView(withCanary);
        },
        'releases.health': () => health,
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(M.loadFailed);
    expect(alert).toHaveTextContent(M.unavailable);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: M.retry }));
    expect(await screen.findByRole('heading', { name: 'mfe-employees' })).toBeInTheDocument();
  });
});

describe('trendOf', () => {
  it('spreads the series over the window, a step without page views at zero', () => {
    const points = trendOf({ from: '2026-01-01T10:00:00.000Z', to: '2026-01-01T10:05:00.000Z', bucketMinutes: 1 }, { series: [{ at: '2026-01-01T10:02:00.000Z', pageViews: 4, failures: 1 }] });
    expect(points).toEqual([{ pageViews: 0, failures: 0 }, { pageViews: 0, failures: 0 }, { pageViews: 4, failures: 1 }, { pageViews: 0, failures: 0 }, { pageViews: 0, failures: 0 }]);
  });
});
