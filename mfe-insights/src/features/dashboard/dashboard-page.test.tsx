import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyWithOffices, LEEDS_OFFICE, pageOf, renderWithPlatform, sessionFixture, uuid, YORK_OFFICE, type Handler } from '@portal/testing';
import { ApiError, COMPANY_SETTINGS_TABS, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { makeFeedback, makeRow, makeSummary, makeTrend, TODAY } from '../../test/fixtures';
import { DashboardPage } from './dashboard-page';

const plotTrend = vi.hoisted(() => vi.fn());
vi.mock('./plot-trend', () => ({ plotTrend }));

const I = MESSAGES.insights;
const never = () => new Promise<never>(() => {});

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'insights.dashboard': (input) => {
      const q = input?.query as { year: number; month: number };
      return makeSummary({ year: q.year, month: q.month });
    },
    'insights.trend': () => makeTrend(),
    'insights.participation': () => pageOf([makeRow(), makeRow({ position: 2, name: 'Grace Hopper', totalTrips: 19, totalDistance: 88 })]),
    'insights.feedbacks': () => pageOf([makeFeedback()]),
    'employers.get': companyWithOffices,
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  plotTrend.mockReturnValue({ setWidth: vi.fn(), destroy: vi.fn() });
});
afterEach(() => vi.useRealTimers());

describe('DashboardPage: the office filter', () => {
  it('offers all offices, each office and No office, and keeps the choice in the address', async () => {
    const { user, navigate } = renderWithPlatform(<DashboardPage />, { handlers: handlers(), pathname: ROUTES.mainPage });
    const select = await screen.findByRole('combobox', { name: I.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([I.allOffices, '1 Park Row, Leeds', '2 Station Road, York', I.noOffice]);
    await user.selectOptions(select, YORK_OFFICE);
    expect(navigate).toHaveBeenCalledWith(`${ROUTES.mainPage}?officeId=${YORK_OFFICE}`, { replace: true });
  });

  it('asks the tiles, trend, ranking and incentives of the office in the address; feedback stays the company’s', async () => {
    const { callsTo } = renderWithPlatform(<DashboardPage />, { handlers: handlers(), query: `officeId=${LEEDS_OFFICE}` });
    await screen.findByText('Ada Lovelace');
    await waitFor(() => expect(screen.getByRole('combobox', { name: I.office })).toHaveValue(LEEDS_OFFICE));
    expect(callsTo('insights.dashboard')).toEqual([{ query: { year: 2026, month: 7, officeId: LEEDS_OFFICE } }]);
    expect(callsTo('insights.participation')).toEqual([{ query: { year: 2026, month: 7, pageNumber: 1, pageSize: 10, officeId: LEEDS_OFFICE } }]);
    expect(callsTo('insights.trend')).toEqual(expect.arrayContaining([{ query: { officeId: LEEDS_OFFICE } }]));
    expect(callsTo('insights.feedbacks')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);
  });

  it('offers an office admin only their offices under All my offices, without No office, and asks their sum', async () => {
    const session = { ...sessionFixture, role: 'Admin' as const, offices: [YORK_OFFICE] };
    const { callsTo } = renderWithPlatform(<DashboardPage />, { handlers: handlers(), pathname: ROUTES.mainPage, session });
    const select = await screen.findByRole('combobox', { name: I.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([I.allMyOffices, '2 Station Road, York']);
    // No officeId: the api answers the sum of their offices.
    await screen.findByText('Ada Lovelace');
    expect(callsTo('insights.dashboard')).toEqual([{ query: { year: 2026, month: 7 } }]);
    // The report is one of their offices'.
    expect(await screen.findByRole('combobox', { name: MESSAGES.reports.office })).toHaveValue(YORK_OFFICE);
    // No link to a page closed to them: Company Settings' incentives.
    await screen.findByText(I.incentives.participation);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '').filter((h) => h.includes(ROUTES.companySettings))).toEqual([]);
  });

  it("shows an office admin's dashboard for the company's figures when an address names another office", async () => {
    const session = { ...sessionFixture, role: 'Admin' as const, offices: [YORK_OFFICE] };
    renderWithPlatform(<DashboardPage />, { handlers: handlers(), query: `officeId=${LEEDS_OFFICE}`, session });
    const select = await screen.findByRole('combobox', { name: I.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
  });

  it('holds its place while the offices load, so the tiles below do not move when they arrive', async () => {
    renderWithPlatform(<DashboardPage />, { handlers: handlers(), pathname: ROUTES.mainPage });
    const select = screen.getByRole('combobox', { name: I.office });
    expect(select).toBeDisabled();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([I.allOffices]);
    await waitFor(() => expect(select).toBeEnabled());
  });

  it('downloads the Category 7 report of the office chosen in the Reports card, starting from the dashboard\'s', async () => {
    renderWithPlatform(<DashboardPage />, { handlers: handlers(), query: `officeId=${LEEDS_OFFICE}` });
    const reportOffice = await screen.findByRole('combobox', { name: MESSAGES.reports.office });
    expect(reportOffice).toHaveValue(LEEDS_OFFICE);
    const link = () => screen.getByRole('link', { name: MESSAGES.reports.download }).getAttribute('href');
    expect(link()).toContain(`officeId=${LEEDS_OFFICE}`);
    fireEvent.change(reportOffice, { target: { value: 'none' } });
    expect(link()).toContain('officeId=none');
    fireEvent.change(reportOffice, { target: { value: '' } });
    expect(link()).not.toContain('officeId');
    // The dashboard's own filter is untouched.
    expect(screen.getByRole('combobox', { name: I.office })).toHaveValue(LEEDS_OFFICE);
  });

  it('shows the company for an office the company no longer has', async () => {
    const { callsTo } = renderWithPlatform(<DashboardPage />, { handlers: handlers(), query: `officeId=${uuid()}` });
    const select = await screen.findByRole('combobox', { name: I.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    await waitFor(() => expect(callsTo('insights.dashboard')).toContainEqual({ query: { year: 2026, month: 7 } }));
  });
});

describe('DashboardPage', () => {
  it('shows skeletons while the figures load', () => {
    renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.dashboard': never, 'insights.trend': never, 'insights.participation': never, 'insights.feedbacks': never }) });
    expect(screen.getAllByRole('status', { name: I.loading }).length).toBeGreaterThanOrEqual(4);
  });

  it('asks each widget’s question once: the tiles and the incentives panel share the month’s summary', async () => {
    const { callsTo } = renderWithPlatform(<DashboardPage />, { handlers: handlers() });
    await screen.findByText('4,280.50');
    await screen.findByText('Ada Lovelace');
    expect(callsTo('insights.dashboard')).toEqual([{ query: { year: 2026, month: 7 } }]);
    expect(callsTo('insights.trend')).toEqual([{ query: {} }]);
    expect(callsTo('insights.participation')).toEqual([{ query: { year: 2026, month: 7, pageNumber: 1, pageSize: 10 } }]);
    expect(callsTo('insights.feedbacks')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);
  });

  it('shows the month’s tiles in en-GB figures, Total participants linking to Employee Management', async () => {
    const { navigate, user } = renderWithPlatform(<DashboardPage />, { handlers: handlers() });
    const tiles = await screen.findByRole('region', { name: I.tiles.label });
    expect(await within(tiles).findByText('42')).toBeInTheDocument();
    expect(within(tiles).getByText('12')).toBeInTheDocument();
    expect(within(tiles).getByText(I.tiles.activeGroups('9', 'July 2026'))).toBeInTheDocument();
    expect(within(tiles).getByText('4,280.50')).toHaveTextContent(`4,280.50 ${I.units.miles}`);
    expect(within(tiles).getByText('481.83')).toHaveTextContent(`481.83 ${I.units.kgCo2}`);
    const participants = within(tiles).getByRole('link', { name: new RegExp(MESSAGES.labels.dashboardTiles.participants) });
    expect(participants).toHaveAttribute('href', `#${ROUTES.employeeManagement}`);
    await user.click(participants);
    expect(navigate).toHaveBeenCalledWith(ROUTES.employeeManagement);
  });

  it('shows a failed summary with the server’s message, and Retry asks again', async () => {
    let fail = true;
    const { user, callsTo } = renderWithPlatform(<DashboardPage />, {
      handlers: handlers({
        'insights.dashboard': (input) => {
          if (fail) throw new ApiError(500, 'The database is asleep.');
          const q = input?.query as { year: number; month: number };
          return makeSummary({ year: q.year, month: q.month });
        },
      }),
    });
    const alerts = await screen.findAllByRole('alert');
    // The tiles and the incentives panel read the same failed summary.
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent('The database is asleep.');
    fail = false;
    await user.click(within(alerts[0]!).getByRole('button', { name: MESSAGES.common.retry }));
    await screen.findByText('4,280.50');
    expect(callsTo('insights.dashboard')).toHaveLength(2);
  });

  it('falls back to its own words when the failure has no message of the server', async () => {
    renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.feedbacks': () => Promise.reject(new TypeError('offline')) }) });
    const region = await screen.findByRole('region', { name: I.feedback.title });
    expect(await within(region).findByRole('alert')).toHaveTextContent(I.loadFailed);
  });

  describe('Employee Participation', () => {
    it('ranks the month by trips with the note, and says so when nobody travelled', async () => {
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.participation': () => pageOf([]) }) });
      const panel = screen.getByRole('region', { name: MESSAGES.labels.participationTitle });
      expect(within(panel).getByText(MESSAGES.labels.participationNote)).toBeInTheDocument();
      expect(await within(panel).findByText(I.noTripsThisMonth)).toBeInTheDocument();
    });

    it('lists position, name, trips and miles', async () => {
      renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      const panel = screen.getByRole('region', { name: MESSAGES.labels.participationTitle });
      const table = await within(panel).findByRole('table');
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['Position', 'Name', 'No. of Trips', 'Total Miles Covered']);
      const [, first, second] = within(table).getAllByRole('row');
      expect(first).toHaveTextContent(/^1Ada Lovelace231,234\.50$/);
      expect(second).toHaveTextContent(/^2Grace Hopper1988\.00$/);
    });

    it('asks for the month picked, from its first page, and shows its ranking', async () => {
      const { user, callsTo } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({
          'insights.participation': (input) => {
            const q = input?.query as { month: number };
            return pageOf(q.month === 6 ? [makeRow({ name: 'Katherine Johnson' })] : [makeRow()]);
          },
        }),
      });
      const panel = screen.getByRole('region', { name: MESSAGES.labels.participationTitle });
      await within(panel).findByText('Ada Lovelace');
      const picker = within(panel).getByRole('group', { name: I.participationMonth });
      expect(within(picker).getByRole('button', { name: /Next month/ })).toBeDisabled();
      await user.click(within(picker).getByRole('button', { name: /Previous month/ }));
      expect(await within(panel).findByText('Katherine Johnson')).toBeInTheDocument();
      expect(callsTo('insights.participation').at(-1)).toEqual({ query: { year: 2026, month: 6, pageNumber: 1, pageSize: 10 } });
      expect(within(picker).getByText('June 2026')).toBeInTheDocument();
    });

    it('downloads the month’s ranking as a CSV file', async () => {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:ranking');
      const revokeObjectURL = vi.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user, callsTo } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({ 'insights.participationExport': () => 'Position,Name\r\n1,Ada Lovelace\r\n' }),
      });
      const panel = screen.getByRole('region', { name: MESSAGES.labels.participationTitle });
      await user.click(within(panel).getByRole('button', { name: I.downloadCsvFor('July 2026') }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(callsTo('insights.participationExport')).toEqual([{ query: { year: 2026, month: 7 } }]);
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('participation-2026-07.csv');
      // The byte order mark that reading the answer as text dropped is back at the start of the file.
      const bytes = new Uint8Array(await createObjectURL.mock.calls[0]![0].arrayBuffer());
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFPosition,Name\r\n1,Ada Lovelace\r\n');
    });

    it('tells the user when the download fails', async () => {
      const { user, toast } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({
          'insights.participationExport': () => {
            throw new ApiError(403, MESSAGES.common.forbidden);
          },
        }),
      });
      const panel = screen.getByRole('region', { name: MESSAGES.labels.participationTitle });
      await user.click(within(panel).getByRole('button', { name: I.downloadCsvFor('July 2026') }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.common.forbidden));
    });
  });

  describe('Incentives', () => {
    it('shows the three figures, each linking to the Incentives tab of Company Settings', async () => {
      const { user, navigate } = renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      const panel = screen.getByRole('region', { name: COMPANY_SETTINGS_TABS[1] });
      const links = await within(panel).findAllByRole('link');
      expect(links.map((l) => l.textContent)).toEqual([
        `48${I.incentives.trips}80% ${I.incentives.ofEmployees('60')}${I.incentives.tripsThreshold('10')}`,
        `16${I.incentives.miles}26.7% ${I.incentives.ofEmployees('60')}${I.incentives.milesThreshold('100')}`,
        `29%${I.incentives.participation}${I.incentives.ofEmployees('60')}`,
      ]);
      for (const link of links) expect(link).toHaveAttribute('href', `#${ROUTES.companySettings}?tab=Incentives`);
      await user.click(links[0]!);
      expect(navigate).toHaveBeenCalledWith(`${ROUTES.companySettings}?tab=Incentives`);
    });

    it('asks for the summary of the month picked', async () => {
      const { user, callsTo } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({
          'insights.dashboard': (input) => {
            const q = input?.query as { year: number; month: number };
            return makeSummary({ year: q.year, month: q.month, incentives: { ...makeSummary().incentives, qualifiedForTrips: q.month === 6 ? 7 : 48 } });
          },
        }),
      });
      const panel = screen.getByRole('region', { name: COMPANY_SETTINGS_TABS[1] });
      await within(panel).findByText('48');
      await user.click(within(panel).getByRole('button', { name: /Previous month/ }));
      expect(await within(panel).findByText('7')).toBeInTheDocument();
      expect(callsTo('insights.dashboard').at(-1)).toEqual({ query: { year: 2026, month: 6 } });
      // The tiles keep their month.
      expect(within(screen.getByRole('region', { name: I.tiles.label })).getByText('4,280.50')).toBeInTheDocument();
    });
  });

  describe('Employee feedback', () => {
    it('shows the initials, full name, en-GB date and the first 100 characters', async () => {
      const long = `${'a'.repeat(95)} bcdefghij and the rest of a long story`;
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.feedbacks': () => pageOf([makeFeedback({ feedbackText: long })]) }) });
      const region = screen.getByRole('region', { name: I.feedback.title });
      const item = await within(region).findByRole('button', { name: /Grace Hopper/ });
      expect(item).toHaveTextContent('GH');
      expect(item).toHaveTextContent('03/07/2026');
      expect(item).toHaveTextContent(`${long.slice(0, 100)}…`);
      expect(item).not.toHaveTextContent('and the rest');
    });

    it('keeps a text of 100 characters whole', async () => {
      const exact = 'b'.repeat(100);
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.feedbacks': () => pageOf([makeFeedback({ feedbackText: exact })]) }) });
      const item = await screen.findByRole('button', { name: /Grace Hopper/ });
      expect(item).toHaveTextContent(exact);
      expect(item).not.toHaveTextContent('…');
    });

    it('opens a feedback in a modal with full name, employee number, date, full text and a way to Employee Management', async () => {
      const long = 'c'.repeat(180);
      const { user, navigate } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({ 'insights.feedbacks': () => pageOf([makeFeedback({ feedbackText: long, employeeNumber: 'E2042' })]) }),
      });
      await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
      expect(within(dialog).getByText('E2042')).toBeInTheDocument();
      expect(within(dialog).getByText('03/07/2026')).toBeInTheDocument();
      expect(within(dialog).getByText(long)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: I.feedback.goToEmployees }));
      expect(navigate).toHaveBeenCalledWith(ROUTES.employeeManagement);
    });

    it('says so when there is none', async () => {
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.feedbacks': () => pageOf([]) }) });
      expect(await screen.findByText(I.feedback.empty)).toBeInTheDocument();
    });

    it('pages through the feedback 10 at a time', async () => {
      const all = Array.from({ length: 12 }, (_, i) => makeFeedback({ fullName: `Person ${i + 1}` }));
      const { user, callsTo } = renderWithPlatform(<DashboardPage />, {
        handlers: handlers({ 'insights.feedbacks': (input) => pageOf(all, (input?.query as { pageNumber: number }).pageNumber) }),
      });
      await screen.findByText('Person 10');
      await user.click(screen.getByRole('navigation', { name: I.feedback.pages }).querySelector('button:last-of-type')!);
      expect(await screen.findByText('Person 12')).toBeInTheDocument();
      expect(callsTo('insights.feedbacks').at(-1)).toEqual({ query: { pageNumber: 2, pageSize: 10 } });
    });
  });

  describe('trend', () => {
    it('holds its four figures in one radio group: one tab stop, the arrow keys choose', async () => {
      const { user } = renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      const group = await screen.findByRole('radiogroup', { name: I.trend.metric });
      const radios = within(group).getAllByRole('radio');
      expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1]);
      radios[0]!.focus();
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(radios[2]).toHaveFocus();
      expect(radios[2]).toHaveAttribute('aria-checked', 'true');
      await waitFor(() => expect(plotTrend.mock.calls.at(-1)![1]).toMatchObject({ name: I.trend.metrics.co2SavedKg }));
      await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
      expect(radios[3]).toHaveFocus();
      expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, -1, 0]);
      await user.keyboard('{Home}');
      expect(radios[0]).toHaveAttribute('aria-checked', 'true');
      // Tab leaves the group from the chosen figure.
      await user.tab();
      expect(within(group).queryByRole('radio', { name: I.trend.metrics.distanceMiles })).not.toHaveFocus();
      expect(group.contains(document.activeElement)).toBe(false);
    });

    it('draws trips first, then the figure chosen, with every month in the table', async () => {
      const { user } = renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      const region = await screen.findByRole('region', { name: I.trend.title });
      await waitFor(() => expect(plotTrend).toHaveBeenCalled());
      expect(plotTrend.mock.calls.at(-1)![1]).toMatchObject({ name: 'Trips', values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120] });
      expect(within(region).getByRole('img', { name: I.trend.chartLabel('Trips') })).toBeInTheDocument();
      await user.click(within(region).getByRole('radio', { name: I.trend.metrics.co2SavedKg }));
      await waitFor(() => expect(plotTrend.mock.calls.at(-1)![1]).toMatchObject({ name: I.trend.metrics.co2SavedKg }));
      // The table is built when it is first opened.
      expect(within(region).queryByRole('table', { hidden: true })).toBeNull();
      await user.click(within(region).getByText(I.trend.showTable));
      const table = await within(region).findByRole('table', { name: I.trend.tableCaption });
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(13);
      expect(rows[1]).toHaveTextContent('August 2025');
      expect(rows[12]).toHaveTextContent(/^July 20261201,206\.00161\.5216$/);
    });

    it('says so when the chart cannot be drawn, the table still there', async () => {
      plotTrend.mockImplementation(() => {
        throw new Error('no canvas');
      });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      expect(await screen.findByText(I.trend.chartFailed)).toBeInTheDocument();
      expect(screen.getByText(I.trend.showTable)).toBeInTheDocument();
    });
  });

  describe('a company without a trip yet', () => {
    const emptyTrend = () => ({ months: makeTrend().months.map((m) => ({ ...m, trips: 0, distanceMiles: 0, co2SavedKg: 0, activeParticipants: 0 })) });

    it('says what to do next instead of a flat chart', async () => {
      plotTrend.mockClear();
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.trend': emptyTrend }) });
      const start = await screen.findByRole('region', { name: I.gettingStarted.title });
      expect(start).toHaveTextContent(I.gettingStarted.intro);
      for (const step of [I.gettingStarted.share, I.gettingStarted.import, I.gettingStarted.app]) {
        expect(within(start).getByRole('heading', { name: step.title })).toBeInTheDocument();
        expect(start).toHaveTextContent(step.text);
      }
      expect(screen.queryByRole('region', { name: I.trend.title })).not.toBeInTheDocument();
      expect(plotTrend).not.toHaveBeenCalled();
      // The month's tiles are still there, at zero.
      expect(await screen.findByText('4,280.50')).toBeInTheDocument();
    });

    it('says it below the month\'s tiles, where the chart stood while the months loaded', async () => {
      renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.trend': emptyTrend }) });
      const tiles = screen.getByRole('region', { name: I.tiles.label });
      // While the months load, the chart's panel holds their place below the tiles.
      const loading = screen.getByRole('region', { name: I.trend.title });
      expect(tiles.compareDocumentPosition(loading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const start = await screen.findByRole('region', { name: I.gettingStarted.title });
      // Nothing was put above the tiles (a phone's screen would have lost them): the steps follow them.
      expect(tiles.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.queryByRole('region', { name: I.trend.title })).not.toBeInTheDocument();
    });

    it("opens the employee remote's share-link and import dialogs in place", async () => {
      const { user, navigate } = renderWithPlatform(<DashboardPage />, { handlers: handlers({ 'insights.trend': emptyTrend }) });
      const start = await screen.findByRole('region', { name: I.gettingStarted.title });
      await user.click(within(start).getByRole('button', { name: MESSAGES.labels.copyShareLinkShort }));
      const share = await screen.findByTestId('remote-slot');
      expect([share.dataset.remote, share.dataset.module]).toEqual(['mfe-employees', 'ShareLinkDialog']);
      await user.click(within(share).getByRole('button', { name: 'Fake ShareLinkDialog close' }));
      await waitFor(() => expect(screen.queryByTestId('remote-slot')).not.toBeInTheDocument());
      await user.click(within(start).getByRole('button', { name: I.gettingStarted.import.action }));
      const slot = await screen.findByTestId('remote-slot');
      expect([slot.dataset.module, slot.dataset.context]).toEqual(['ImportCsvDialog', 'management']);
      await user.click(within(slot).getByRole('button', { name: 'Fake ImportCsvDialog done' }));
      expect(navigate).toHaveBeenCalledWith(ROUTES.employeeManagement);
    });

    it('gives a super admin the words, not the buttons', async () => {
      renderWithPlatform(<DashboardPage />, { session: { role: 'SuperAdmin', employerId: null }, query: `companyId=${uuid()}`, handlers: handlers({ 'insights.trend': emptyTrend }) });
      const start = await screen.findByRole('region', { name: I.gettingStarted.title });
      expect(within(start).queryByRole('button')).not.toBeInTheDocument();
    });

    it('shows the chart again as soon as one month has a trip', async () => {
      renderWithPlatform(<DashboardPage />, { handlers: handlers() });
      expect(await screen.findByRole('region', { name: I.trend.title })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: I.gettingStarted.title })).not.toBeInTheDocument();
    });
  });

  describe('whose dashboard', () => {
    it('asks a super admin to choose a company, and asks the api nothing', () => {
      const { call } = renderWithPlatform(<DashboardPage />, { session: { role: 'SuperAdmin', employerId: null }, handlers: handlers() });
      expect(screen.getByText(I.companyRequired)).toBeInTheDocument();
      expect(call).not.toHaveBeenCalled();
    });

    it('shows a super admin the company named in the address', async () => {
      const companyId = uuid();
      const { callsTo } = renderWithPlatform(<DashboardPage />, { session: { role: 'SuperAdmin', employerId: null }, query: `companyId=${companyId}`, handlers: handlers() });
      await screen.findByText('4,280.50');
      expect(callsTo('insights.dashboard')).toEqual([{ query: { companyId, year: 2026, month: 7 } }]);
      expect(callsTo('insights.trend')).toEqual([{ query: { companyId } }]);
    });
  });
});
