import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderWithPlatform, uuid, type Handler } from '@portal/testing';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { makeCo2, makeGroup, TODAY } from '../../test/fixtures';
import { JourneyGroupsTab } from './journey-groups-tab';

const I = MESSAGES.insights;
const C = I.co2;

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'insights.journeyGroups': () => pageOf([makeGroup()]),
    'insights.co2': (input) => {
      const q = input?.query as { year: number; month: number };
      return makeCo2({ year: q.year, month: q.month, passengerMiles: q.month === 3 ? 0 : 1790.25, co2SavedKg: q.month === 3 ? 0 : 481.85 });
    },
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => vi.useRealTimers());

describe('JourneyGroupsTab', () => {
  it('shows a skeleton while the groups load', () => {
    renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'insights.journeyGroups': () => new Promise(() => {}) }) });
    expect(screen.getByRole('status', { name: I.loading })).toBeInTheDocument();
  });

  it('lists name, members, trips, miles, meeting points and CO2 saved of all time', async () => {
    const { callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers() });
    const table = await screen.findByRole('table', { name: I.journeyGroupsTitle });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...I.journeyGroupColumns]);
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent(/^Riverside runAda LovelaceGrace Hopper31402\.75Station car parkMarket Square108\.40$/);
    expect(callsTo('insights.journeyGroups')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);
  });

  it('says so when the company has no groups', async () => {
    renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'insights.journeyGroups': () => pageOf([]) }) });
    expect(await screen.findByText(I.noJourneyGroups)).toBeInTheDocument();
  });

  it('shows a failure', async () => {
    renderWithPlatform(<JourneyGroupsTab />, {
      handlers: handlers({
        'insights.journeyGroups': () => {
          throw new ApiError(403, MESSAGES.common.forbidden);
        },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.common.forbidden);
  });

  it('pages 10 at a time', async () => {
    const all = Array.from({ length: 12 }, (_, i) => makeGroup({ id: uuid(), name: `Group ${i + 1}` }));
    const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, {
      handlers: handlers({ 'insights.journeyGroups': (input) => pageOf(all, Number((input?.query as { pageNumber: number }).pageNumber)) }),
    });
    await screen.findByText('Group 10');
    await user.click(within(screen.getByRole('navigation', { name: I.journeyGroupPages })).getByRole('button', { name: MESSAGES.labels.next }));
    expect(await screen.findByText('Group 12')).toBeInTheDocument();
    expect(callsTo('insights.journeyGroups').at(-1)).toEqual({ query: { pageNumber: 2, pageSize: 10 } });
  });

  describe('CO2 modal', () => {
    it('asks nothing until it is opened, then shows the month’s formula, figures and each factor with its source, year and scope', async () => {
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers() });
      await screen.findByText('Riverside run');
      expect(callsTo('insights.co2')).toEqual([]);
      await user.click(screen.getByRole('button', { name: C.open }));
      const dialog = await screen.findByRole('dialog', { name: C.title });
      expect(within(dialog).getByText(I.co2Formula)).toBeInTheDocument();
      expect(await within(dialog).findByText(C.calculation('1,790.25', '0.26915', '481.85'))).toBeInTheDocument();
      expect(callsTo('insights.co2')).toEqual([{ query: { year: 2026, month: 7 } }]);
      const [direct, wellToTank] = within(dialog).getAllByRole('listitem');
      expect(direct).toHaveTextContent(C.kinds.direct);
      expect(direct).toHaveTextContent(C.included);
      expect(direct).toHaveTextContent('0.26915 kg CO2e per vehicle mile');
      expect(direct).toHaveTextContent('Scope 3, category 7 (employee commuting): direct emissions of the car');
      expect(direct).toHaveTextContent('UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ)');
      expect(direct).toHaveTextContent(`${I.year}2025`);
      expect(wellToTank).toHaveTextContent(C.notIncluded);
      expect(within(dialog).getByLabelText(I.month)).toHaveValue('7');
      expect(within(dialog).getByLabelText(I.year)).toHaveValue('2026');
    });

    it('asks again for the month and year picked, and cannot pick a month still to come', async () => {
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers() });
      await user.click(screen.getByRole('button', { name: C.open }));
      const dialog = await screen.findByRole('dialog', { name: C.title });
      const month = within(dialog).getByLabelText(I.month);
      expect(within(month).getByRole('option', { name: 'August' })).toBeDisabled();
      await user.selectOptions(month, 'March');
      expect(await within(dialog).findByText(I.noTripsThisMonth)).toBeInTheDocument();
      expect(callsTo('insights.co2').at(-1)).toEqual({ query: { year: 2026, month: 3 } });
      await user.selectOptions(within(dialog).getByLabelText(I.year), '2025');
      await waitFor(() => expect(callsTo('insights.co2').at(-1)).toEqual({ query: { year: 2025, month: 3 } }));
      expect(within(within(dialog).getByLabelText(I.month)).getByRole('option', { name: 'August' })).toBeEnabled();
    });

    it('downloads the journey groups of the month picked as CSV', async () => {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:groups');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'insights.journeyGroupsExport': () => 'Name,Members\r\n' }) });
      await user.click(screen.getByRole('button', { name: C.open }));
      const dialog = await screen.findByRole('dialog', { name: C.title });
      await user.selectOptions(within(dialog).getByLabelText(I.month), 'May');
      await user.click(within(dialog).getByRole('button', { name: I.downloadCsv }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(callsTo('insights.journeyGroupsExport')).toEqual([{ query: { year: 2026, month: 5 } }]);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('journey-groups-2026-05.csv');
    });

    it('shows a failed report', async () => {
      const { user } = renderWithPlatform(<JourneyGroupsTab />, {
        handlers: handlers({
          'insights.co2': () => {
            throw new ApiError(400, I.monthInvalid);
          },
        }),
      });
      await user.click(screen.getByRole('button', { name: C.open }));
      const dialog = await screen.findByRole('dialog', { name: C.title });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(I.monthInvalid);
    });
  });
});
