import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { uuid } from '@portal/testing';
import { driversServer, followUpAhead, makeDriver, renderWithPlatform } from '../../test/fixtures';
import { PendingDriversTab } from './pending-drivers-tab';

const L = MESSAGES.labels;
const COPY = MESSAGES.driverScreens;

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => makeDriver({ id: uuid(100 + i), firstName: `Driver${String(i + 1).padStart(2, '0')}`, lastName: 'Pending' }));

const FOLLOW_UP = followUpAhead(30);

async function typeDate(user: ReturnType<typeof renderWithPlatform>['user'], dialog: HTMLElement, digits = FOLLOW_UP.digits) {
  await user.click(within(dialog).getByRole('textbox', { name: COPY.followUpDate }));
  await user.keyboard(digits);
}

describe('Pending Drivers', () => {
  it('lists the spec columns with N/A, the count and each row state', async () => {
    const server = driversServer([
      makeDriver({ firstName: 'Ada', lastName: 'Lovelace', drivingLicense: null, vehicle: { make: 'Ford', model: 'Focus', yearManufactured: 2019, color: null, registrationNumber: 'AB19 CDE', isVerified: true } }),
      makeDriver({ firstName: 'Bo', lastName: 'Rejected', status: 'rejected', rejectedAt: '2026-01-01T00:00:00.000Z', notes: 'Blurry photo' }),
    ]);
    renderWithPlatform(<PendingDriversTab />, { handlers: server.handlers });
    expect(await screen.findByRole('heading', { name: COPY.withCount('Pending Drivers', 2) })).toBeInTheDocument();
    for (const header of Object.values(COPY.columns).filter((h) => h !== COPY.columns.status)) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getAllByText(L.notAvailable)).toHaveLength(2);
    expect(within(ada).getByText('Ford Focus')).toBeInTheDocument();
    expect(within(ada).getByText(L.vehicleVerified)).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: COPY.rowAction(L.verifyDriver, 'Ada Lovelace') })).toBeInTheDocument();
    const bo = screen.getByRole('row', { name: /Bo Rejected/ });
    expect(within(bo).getByText(L.rejected)).toBeInTheDocument();
    expect(within(bo).queryByRole('button', { name: COPY.rowAction(L.reject, 'Bo Rejected') })).not.toBeInTheDocument();
  });

  it('says so when nothing is pending', async () => {
    renderWithPlatform(<PendingDriversTab />, { handlers: driversServer([]).handlers });
    expect(await screen.findByText(MESSAGES.drivers.noPending)).toBeInTheDocument();
  });

  it('shows the spec message when the list cannot be loaded', async () => {
    renderWithPlatform(<PendingDriversTab />, { handlers: {} });
    expect(await screen.findByText(MESSAGES.drivers.loadFailed)).toBeInTheDocument();
  });

  it('Verify Selected with nothing ticked says "No drivers selected to approve." and calls nothing', async () => {
    const { user, toast, callsTo } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer(people(2)).handlers });
    await screen.findByRole('row', { name: /Driver01/ });
    await user.click(screen.getByRole('button', { name: L.verifySelected }));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.drivers.noneSelected);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('drivers.approve')).toEqual([]);
  });

  it('select-all ticks the rows on screen, reflects them, and Verify Selected acts on those rows only', async () => {
    const all = people(12);
    const { user, toast, callsTo } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer(all).handlers });
    await screen.findByRole('row', { name: /Driver01/ });
    const selectAll = screen.getByRole('checkbox', { name: COPY.selectAll });

    // One row ticked by hand: select-all stays clear until every row on screen is ticked.
    await user.click(screen.getByRole('checkbox', { name: COPY.selectDriver('Driver01 Pending') }));
    expect(selectAll).not.toBeChecked();
    await user.click(selectAll);
    expect(screen.getAllByRole('checkbox', { name: /^Select Driver/ }).every((c) => c.getAttribute('aria-checked') === 'true')).toBe(true);
    expect(selectAll).toBeChecked();
    expect(screen.getByText(COPY.selectedCount(10))).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: COPY.selectDriver('Driver05 Pending') }));
    expect(selectAll).not.toBeChecked();
    await user.click(selectAll);

    // Page 2: what was ticked on page 1 is out of sight, so it is not acted on.
    await user.click(screen.getByRole('button', { name: /next/i }));
    await screen.findByRole('row', { name: /Driver11/ });
    expect(screen.getByRole('checkbox', { name: COPY.selectAll })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: L.verifySelected }));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.drivers.noneSelected);

    await user.click(screen.getByRole('checkbox', { name: COPY.selectDriver('Driver12 Pending') }));
    await user.click(screen.getByRole('button', { name: L.verifySelected }));
    const dialog = await screen.findByRole('dialog', { name: COPY.bulkTitle });
    expect(within(dialog).getByText(COPY.bulkConfirm(1))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: COPY.bulkCoverLicences(1) }));
    expect(within(dialog).getByText(COPY.bulkLeaves.licences)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    expect(await within(dialog).findByText(MESSAGES.drivers.verifyFollowUp)).toBeInTheDocument();
    expect(callsTo('drivers.approve')).toEqual([]);
    await typeDate(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.bulkApproved));
    expect(callsTo('drivers.approve')).toEqual([{ body: { employeeIds: [all[11]!.id], notes: '', followUpDate: FOLLOW_UP.iso } }]);
  });

  it('Verify Selected says what it covers and verifies the licences and the vehicles that wait, unless told one of them only', async () => {
    const waiting = makeDriver({ firstName: 'Ann', lastName: 'Both' });
    const carDone = makeDriver({ firstName: 'Bea', lastName: 'Licence', vehicle: { make: 'Kia', model: 'Ceed', yearManufactured: 2020, color: 'Red', registrationNumber: 'KI20 AAA', isVerified: true } });
    const { user, toast, callsTo } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer([waiting, carDone]).handlers });
    await screen.findByRole('row', { name: /Ann Both/ });
    await user.click(screen.getByRole('checkbox', { name: COPY.selectAll }));
    await user.click(screen.getByRole('button', { name: L.verifySelected }));
    const dialog = await screen.findByRole('dialog', { name: COPY.bulkTitle });
    // Both are asked by default, with how many of each wait: two licences, one vehicle.
    expect(within(dialog).getByRole('radio', { name: COPY.bulkCoverBoth(2, 1) })).toBeChecked();
    await typeDate(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    // A vehicle's verification needs notes, as the spec's single Verify vehicle does.
    expect(await within(dialog).findByText(MESSAGES.drivers.verifyVehicle)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Documents seen');
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.bulkApproved));
    const date = FOLLOW_UP.iso;
    expect(callsTo('drivers.approve')).toEqual([{ body: { employeeIds: [waiting.id, carDone.id], notes: 'Documents seen', followUpDate: date } }]);
    expect(callsTo('drivers.approveVehicles')).toEqual([{ body: { employeeIds: [waiting.id], notes: 'Documents seen', followUpDate: date } }]);
    // Both rows are verified on both counts now: they stay in sight, and the heading counts the pending ones.
    expect(await screen.findByText(COPY.verifiedHere(2))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: COPY.withCount('Pending Drivers', 0) })).toBeInTheDocument();
  });

  it('the bulk confirmation names how many rows are ticked', async () => {
    const { user } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer(people(3)).handlers });
    await screen.findByRole('row', { name: /Driver01/ });
    await user.click(screen.getByRole('checkbox', { name: COPY.selectAll }));
    await user.click(screen.getByRole('button', { name: L.verifySelected }));
    expect(await screen.findByText(COPY.bulkConfirm(3))).toBeInTheDocument();
  });

  it('Reject needs notes, then rejects, toasts and shows the row as Rejected', async () => {
    const ada = makeDriver({ firstName: 'Ada', lastName: 'Lovelace' });
    const { user, toast, callsTo } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer([ada]).handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.reject, 'Ada Lovelace') }));
    const dialog = await screen.findByRole('dialog', { name: COPY.rejectTitle });
    await user.click(within(dialog).getByRole('button', { name: L.confirm }));
    expect(await within(dialog).findByText(MESSAGES.drivers.rejectNotes)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Licence photo unreadable');
    await user.click(within(dialog).getByRole('button', { name: L.confirm }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.rejected));
    expect(callsTo('drivers.reject')).toEqual([{ body: { employeeId: ada.id, notes: 'Licence photo unreadable' } }]);
    expect(await within(screen.getByRole('row', { name: /Ada Lovelace/ })).findByText(L.rejected)).toBeInTheDocument();
  });

  it('Verify vehicle needs notes and a follow-up date; Verify driver a follow-up date; both verified show the double tick', async () => {
    const ada = makeDriver({ firstName: 'Ada', lastName: 'Lovelace' });
    const { user, toast, callsTo } = renderWithPlatform(<PendingDriversTab />, { handlers: driversServer([ada]).handlers });

    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.verifyVehicle, 'Ada Lovelace') }));
    let dialog = await screen.findByRole('dialog', { name: COPY.verifyVehicleTitle });
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    // One message for both fields, as the spec words it.
    expect(await within(dialog).findAllByText(MESSAGES.drivers.verifyVehicle)).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'V5C seen');
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    expect(await within(dialog).findByText(MESSAGES.drivers.verifyVehicle)).toBeInTheDocument();
    await typeDate(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.vehicleApproved));
    expect(callsTo('drivers.approveVehicles')[0]).toEqual({ body: { employeeIds: [ada.id], notes: 'V5C seen', followUpDate: FOLLOW_UP.iso } });
    expect(await screen.findByText(L.vehicleVerified)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: COPY.rowAction(L.verifyDriver, 'Ada Lovelace') }));
    dialog = await screen.findByRole('dialog', { name: COPY.verifyDriverTitle });
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    expect(await within(dialog).findByText(MESSAGES.drivers.verifyFollowUp)).toBeInTheDocument();
    await typeDate(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.approved));

    // The server now lists Ada as approved; the row stays here with the double tick instead of a checkbox.
    const row = await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(await within(row).findByRole('img', { name: COPY.bothVerified('Ada Lovelace') })).toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row).getByText(L.driverVerified)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: COPY.withCount('Pending Drivers', 0) })).toBeInTheDocument();
  });

  it('shows the server message of a refusal, else the spec fallback', async () => {
    const ada = makeDriver({ firstName: 'Ada', lastName: 'Lovelace' });
    const server = driversServer([ada]);
    const { user, toast } = renderWithPlatform(<PendingDriversTab />, {
      handlers: {
        ...server.handlers,
        'drivers.reject': () => {
          throw new ApiError(404, MESSAGES.drivers.notFound);
        },
        'drivers.approve': () => {
          throw new Error('network down');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.reject, 'Ada Lovelace') }));
    let dialog = await screen.findByRole('dialog', { name: COPY.rejectTitle });
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'No licence');
    await user.click(within(dialog).getByRole('button', { name: L.confirm }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.drivers.notFound));
    await user.click(within(dialog).getByRole('button', { name: L.cancel }));

    await user.click(screen.getByRole('button', { name: COPY.rowAction(L.verifyDriver, 'Ada Lovelace') }));
    dialog = await screen.findByRole('dialog', { name: COPY.verifyDriverTitle });
    await typeDate(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.drivers.approveFailed));
  });

  it('See more shows "Loading driver details..." until the details come, then offers Reject and Verify', async () => {
    const ada = makeDriver({ firstName: 'Ada', lastName: 'Lovelace', employeeNumber: 'GW-0042', notes: 'Checked at reception' });
    const server = driversServer([ada]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = renderWithPlatform(<PendingDriversTab />, {
      handlers: { ...server.handlers, 'drivers.get': async (input) => (await gate, server.handlers['drivers.get'](input)) },
    });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Lovelace') }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.drivers.loadingDetails })).toBeInTheDocument();
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(dialog).getByText('GW-0042')).toBeInTheDocument();
    expect(within(dialog).getByText('Checked at reception')).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.drivers.historyKinds.vehicleRegistered)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: L.verify }));
    expect(await screen.findByRole('dialog', { name: COPY.verifyDriverTitle })).toBeInTheDocument();
  });
});
