import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyWithOffices, LEEDS_OFFICE, pageOf, renderWithPlatform, sessionFixture, uuid, type Handler } from '@portal/testing';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { makeCo2, makeGroup, TODAY } from '../../test/fixtures';
import { JourneyGroupsTab } from './journey-groups-tab';

const I = MESSAGES.insights;
const C = I.co2;
const G = I.groups;
const GROUP = makeGroup({ id: uuid() });
const SUPER_ADMIN = { session: { role: 'SuperAdmin' as const, employerId: null }, query: `companyId=${sessionFixture.employerId}` };

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'insights.journeyGroups': () => pageOf([GROUP]),
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

describe('JourneyGroupsTab: the office filter', () => {
  const withOffices = (over: Record<string, Handler> = {}) => handlers({ 'employers.get': companyWithOffices, ...over });

  it('lists the groups of the office chosen, or of No office, and downloads the same', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:groups');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: withOffices({ 'insights.journeyGroupsExport': () => 'Name,Members\r\n' }) });
    await screen.findByRole('table', { name: I.journeyGroupsTitle });
    const select = await screen.findByRole('combobox', { name: I.office });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([I.allOffices, '1 Park Row, Leeds', '2 Station Road, York', I.noOffice]);
    await user.selectOptions(select, '1 Park Row, Leeds');
    await waitFor(() => expect(callsTo('insights.journeyGroups').at(-1)).toEqual({ query: { officeId: LEEDS_OFFICE, pageNumber: 1, pageSize: 10 } }));
    expect(screen.getByText(I.journeyGroupsOfficeNote, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: I.downloadCsvFor(I.allTime) }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(callsTo('insights.journeyGroupsExport').at(-1)).toEqual({ query: { officeId: LEEDS_OFFICE } });
    await user.selectOptions(select, I.noOffice);
    await waitFor(() => expect(callsTo('insights.journeyGroups').at(-1)).toEqual({ query: { officeId: 'none', pageNumber: 1, pageSize: 10 } }));
  });

  it('shows no office select to a company without offices', async () => {
    renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers() });
    await screen.findByRole('table', { name: I.journeyGroupsTitle });
    expect(screen.queryByRole('combobox', { name: I.office })).toBeNull();
  });
});

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

    it('downloads, beside the table, exactly the period the table shows, named by its button and its file', async () => {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:groups');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'insights.journeyGroupsExport': () => 'Name,Members\r\n' }) });
      await user.click(await screen.findByRole('button', { name: I.downloadCsvFor(I.allTime) }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(callsTo('insights.journeyGroupsExport').at(-1)).toEqual({ query: {} });
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('journey-groups-all-time.csv');
      // A month chosen: the table and the file both hold that month.
      await user.selectOptions(screen.getByLabelText(I.period), 'May 2026');
      await waitFor(() => expect(callsTo('insights.journeyGroups').at(-1)).toEqual({ query: { year: 2026, month: 5, pageNumber: 1, pageSize: 10 } }));
      await user.click(screen.getByRole('button', { name: I.downloadCsvFor('May 2026') }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
      expect(callsTo('insights.journeyGroupsExport').at(-1)).toEqual({ query: { year: 2026, month: 5 } });
      expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('journey-groups-2026-05.csv');
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
  describe('managing groups', () => {
    const answer = (message: string) => () => ({ success: true, message, group: GROUP });

    it('creates a group with its meeting points, checked by the contract’s rule before it is sent', async () => {
      const { user, callsTo, toast } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'journeyGroups.create': answer(MESSAGES.journeyGroups.created) }) });
      await screen.findByText('Riverside run');
      await user.click(screen.getByRole('button', { name: G.add }));
      const dialog = await screen.findByRole('dialog', { name: G.add });
      expect(within(dialog).getByRole('textbox', { name: G.name })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: G.create }));
      expect(await within(dialog).findByText(MESSAGES.journeyGroups.nameRequired)).toBeInTheDocument();
      expect(callsTo('journeyGroups.create')).toEqual([]);

      await user.type(within(dialog).getByRole('textbox', { name: G.name }), '  Leeds North ');
      await user.type(within(dialog).getByRole('textbox', { name: G.meetingPoints }), 'Headingley station{Enter}{Enter} Kirkstall Road Tesco ');
      await user.click(within(dialog).getByRole('button', { name: G.create }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.journeyGroups.created));
      expect(callsTo('journeyGroups.create')).toEqual([{ body: { name: 'Leeds North', meetingPoints: ['Headingley station', 'Kirkstall Road Tesco'] } }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The list is asked again.
      expect(callsTo('insights.journeyGroups')).toHaveLength(2);
    });

    it('says which meeting point is too long and sends nothing', async () => {
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers() });
      await user.click(await screen.findByRole('button', { name: G.add }));
      const dialog = await screen.findByRole('dialog', { name: G.add });
      await user.type(within(dialog).getByRole('textbox', { name: G.name }), 'Leeds North');
      await user.click(within(dialog).getByRole('textbox', { name: G.meetingPoints }));
      await user.paste(`Station\n${'x'.repeat(121)}`);
      await user.click(within(dialog).getByRole('button', { name: G.create }));
      expect(await within(dialog).findByText(MESSAGES.journeyGroups.meetingPointMax)).toBeInTheDocument();
      expect(callsTo('journeyGroups.create')).toEqual([]);
    });

    it('shows the server’s refusal: a taken name under the name, anything else above the fields', async () => {
      let refusal = new ApiError(409, MESSAGES.journeyGroups.nameTaken, [{ field: 'name', message: MESSAGES.journeyGroups.nameTaken }]);
      const { user, toast } = renderWithPlatform(<JourneyGroupsTab />, {
        handlers: handlers({
          'journeyGroups.create': () => {
            throw refusal;
          },
        }),
      });
      await user.click(await screen.findByRole('button', { name: G.add }));
      const dialog = await screen.findByRole('dialog', { name: G.add });
      const name = within(dialog).getByRole('textbox', { name: G.name });
      await user.type(name, 'Riverside run');
      await user.click(within(dialog).getByRole('button', { name: G.create }));
      expect(await within(dialog).findByText(MESSAGES.journeyGroups.nameTaken)).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveFocus();

      refusal = new ApiError(403, MESSAGES.common.forbidden);
      await user.click(within(dialog).getByRole('button', { name: G.create }));
      await waitFor(() => expect(within(dialog).getAllByRole('alert').some((a) => a.textContent === MESSAGES.common.forbidden)).toBe(true));
      expect(toast.success).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: G.add })).toBeInTheDocument();
    });

    it('renames a group, sending the name alone so its meeting points stay', async () => {
      const { user, callsTo, toast } = renderWithPlatform(<JourneyGroupsTab />, { handlers: handlers({ 'journeyGroups.update': answer(MESSAGES.journeyGroups.updated) }) });
      await user.click(await screen.findByRole('button', { name: G.renameGroup('Riverside run') }));
      const dialog = await screen.findByRole('dialog', { name: G.renameTitle });
      const name = within(dialog).getByRole('textbox', { name: G.name });
      expect(name).toHaveValue('Riverside run');
      expect(within(dialog).queryByRole('textbox', { name: G.meetingPoints })).not.toBeInTheDocument();
      await user.clear(name);
      await user.type(name, 'Riverside loop');
      await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.journeyGroups.updated));
      expect(callsTo('journeyGroups.update')).toEqual([{ params: { id: GROUP.id }, body: { name: 'Riverside loop' } }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('deletes a group once confirmed, saying what becomes of its members and trips', async () => {
      const { user, callsTo, toast } = renderWithPlatform(<JourneyGroupsTab />, {
        handlers: handlers({ 'journeyGroups.remove': () => ({ success: true, message: MESSAGES.journeyGroups.deleted }) }),
      });
      await user.click(await screen.findByRole('button', { name: G.deleteGroup('Riverside run') }));
      const dialog = await screen.findByRole('dialog', { name: G.deleteTitle });
      expect(dialog).toHaveTextContent(G.deleteConfirm('Riverside run', 2, 31));
      expect(G.deleteConfirm('Riverside run', 2, 31)).toBe(
        'Delete “Riverside run”? Its 2 members leave the group and keep their accounts. Its 31 trips stay in the company’s figures, no longer under a group. This cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.cancel }));
      expect(callsTo('journeyGroups.remove')).toEqual([]);

      await user.click(screen.getByRole('button', { name: G.deleteGroup('Riverside run') }));
      await user.click(within(await screen.findByRole('dialog', { name: G.deleteTitle })).getByRole('button', { name: MESSAGES.labels.delete }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.journeyGroups.deleted));
      expect(callsTo('journeyGroups.remove')).toEqual([{ params: { id: GROUP.id } }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(callsTo('insights.journeyGroups')).toHaveLength(2);
    });

    it('shows the server’s refusal to delete', async () => {
      const { user, toast } = renderWithPlatform(<JourneyGroupsTab />, {
        handlers: handlers({
          'journeyGroups.remove': () => {
            throw new ApiError(404, MESSAGES.journeyGroups.notFound);
          },
        }),
      });
      await user.click(await screen.findByRole('button', { name: G.deleteGroup('Riverside run') }));
      await user.click(within(await screen.findByRole('dialog', { name: G.deleteTitle })).getByRole('button', { name: MESSAGES.labels.delete }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.journeyGroups.notFound));
      expect(toast.success).not.toHaveBeenCalled();
    });

    it('goes back to the last page when its only group is deleted', async () => {
      let all = Array.from({ length: 11 }, (_, i) => makeGroup({ id: uuid(), name: `Group ${String(i + 1).padStart(2, '0')}` }));
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, {
        query: 'groups.page=2',
        handlers: handlers({
          'insights.journeyGroups': (input) => pageOf(all, Number((input?.query as { pageNumber: number }).pageNumber)),
          'journeyGroups.remove': (input) => {
            all = all.filter((g) => g.id !== (input?.params as { id: string }).id);
            return { success: true, message: MESSAGES.journeyGroups.deleted };
          },
        }),
      });
      await user.click(await screen.findByRole('button', { name: G.deleteGroup('Group 11') }));
      await user.click(within(await screen.findByRole('dialog', { name: G.deleteTitle })).getByRole('button', { name: MESSAGES.labels.delete }));
      expect(await screen.findByText('Group 10')).toBeInTheDocument();
      expect(callsTo('insights.journeyGroups').at(-1)).toEqual({ query: { pageNumber: 1, pageSize: 10 } });
    });

    it('offers an office admin no Rename or Delete on a group with members outside their offices, and says why', async () => {
      const outside = makeGroup({ id: uuid(), name: 'Leeds and York', manageable: false });
      renderWithPlatform(<JourneyGroupsTab />, {
        session: { offices: [LEEDS_OFFICE] },
        handlers: handlers({ 'insights.journeyGroups': () => pageOf([GROUP, outside]) }),
      });
      const row = (await screen.findByText('Leeds and York')).closest('tr')!;
      expect(within(row).getByText(G.notManageable)).toBeInTheDocument();
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: G.renameGroup('Riverside run') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: G.deleteGroup('Riverside run') })).toBeInTheDocument();
      expect(screen.getAllByText(G.notManageable)).toHaveLength(1);
    });

    it('is read-only for a super admin looking at a company', async () => {
      renderWithPlatform(<JourneyGroupsTab />, { ...SUPER_ADMIN, handlers: handlers() });
      await screen.findByText('Riverside run');
      expect(screen.queryByRole('button', { name: G.add })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: G.renameGroup('Riverside run') })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: G.deleteGroup('Riverside run') })).not.toBeInTheDocument();
    });
  });

  describe('the well-to-tank setting', () => {
    /** A server holding the company's setting, its CO2 report following it. */
    function settingHandlers(over: Record<string, Handler> = {}) {
      let included = false;
      return handlers({
        'insights.co2': () =>
          included ? makeCo2({ includeWellToTank: true, kgPerMile: 0.33995, co2SavedKg: 608.59 }) : makeCo2(),
        'insights.updateEmissionSettings': (input) => {
          included = (input?.body as { includeWellToTank: boolean }).includeWellToTank;
          return { success: true, message: I.emissionsSaved, settings: { includeWellToTank: included, factors: [] } };
        },
        ...over,
      });
    }

    async function openModal(user: ReturnType<typeof renderWithPlatform>['user']) {
      await user.click(await screen.findByRole('button', { name: C.open }));
      const dialog = await screen.findByRole('dialog', { name: C.title });
      return { dialog, box: await within(dialog).findByRole('checkbox', { name: C.wellToTank }) };
    }

    it('saves the company’s choice, and the factor and figures shown follow it', async () => {
      const { user, callsTo, toast } = renderWithPlatform(<JourneyGroupsTab />, { handlers: settingHandlers() });
      const { dialog, box } = await openModal(user);
      expect(box).not.toBeChecked();
      expect(within(dialog).getByText(C.wellToTankHint)).toBeInTheDocument();
      await user.click(box);
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(I.emissionsSaved));
      expect(callsTo('insights.updateEmissionSettings')).toEqual([{ params: { id: sessionFixture.employerId }, body: { includeWellToTank: true } }]);
      expect(box).toBeChecked();
      expect(await within(dialog).findByText(C.calculation('1,790.25', '0.33995', '608.59'))).toBeInTheDocument();
      expect(within(dialog).getAllByRole('listitem')[1]).toHaveTextContent(C.included);
      // The groups' CO2 is asked again too.
      expect(callsTo('insights.journeyGroups')).toHaveLength(2);

      await user.click(box);
      await waitFor(() => expect(callsTo('insights.updateEmissionSettings')).toHaveLength(2));
      expect(callsTo('insights.updateEmissionSettings')[1]).toEqual({ params: { id: sessionFixture.employerId }, body: { includeWellToTank: false } });
      expect(await within(dialog).findByText(C.calculation('1,790.25', '0.26915', '481.85'))).toBeInTheDocument();
      expect(box).not.toBeChecked();
    });

    it('shows a failed save, and the box keeps the setting in force', async () => {
      const { user, toast } = renderWithPlatform(<JourneyGroupsTab />, {
        handlers: settingHandlers({
          'insights.updateEmissionSettings': () => {
            throw new ApiError(403, MESSAGES.common.forbidden);
          },
        }),
      });
      const { box } = await openModal(user);
      await user.click(box);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.common.forbidden));
      expect(toast.success).not.toHaveBeenCalled();
      expect(box).not.toBeChecked();
    });

    it('is shown but cannot be changed by a super admin', async () => {
      const { user, callsTo } = renderWithPlatform(<JourneyGroupsTab />, { ...SUPER_ADMIN, handlers: settingHandlers() });
      const { dialog, box } = await openModal(user);
      expect(box).toBeDisabled();
      expect(dialog).toHaveTextContent(C.wellToTankReadOnly);
      await user.click(box);
      expect(callsTo('insights.updateEmissionSettings')).toEqual([]);
      expect(callsTo('insights.co2')).toEqual([{ query: { companyId: sessionFixture.employerId, year: 2026, month: 7 } }]);
    });
  });
});
