import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFollowUp, MESSAGES } from '@portal/shared-contracts';
import { driversServer, followUpAhead, makeDriver, renderWithPlatform } from '../../test/fixtures';
import { ApprovedDriversTab } from './approved-drivers-tab';

const L = MESSAGES.labels;
const COPY = MESSAGES.driverScreens;
const verifiedVehicle = { make: 'Kia', model: 'Niro', yearManufactured: 2022, color: 'White', registrationNumber: 'LS70 XYZ', isVerified: true };
const PAST = '2026-01-02T09:00:00.000Z';
/** Inside the follow-up window whenever the tests run. */
const FUTURE = followUpAhead(60, 9).iso;
const NEXT = followUpAhead(200, 9);

const approved = (over: Parameters<typeof makeDriver>[0]) => makeDriver({ isVerified: true, status: 'approved', vehicle: verifiedVehicle, ...over });

describe('Approved Drivers', () => {
  it('counts the approved drivers and marks each Verified, highlighting due follow-ups', async () => {
    const server = driversServer([
      approved({ firstName: 'Ada', lastName: 'Due', followUpDate: PAST, vehicleFollowUpDate: FUTURE, followUpDue: true }),
      approved({ firstName: 'Bo', lastName: 'Fine', followUpDate: FUTURE }),
      makeDriver({ firstName: 'Cy', lastName: 'Pending' }),
    ]);
    renderWithPlatform(<ApprovedDriversTab />, { handlers: server.handlers });
    expect(await screen.findByRole('heading', { name: COPY.withCount('Approved Drivers', 2) })).toBeInTheDocument();
    const ada = screen.getByRole('row', { name: /Ada Due/ });
    expect(within(ada).getByText(L.verified)).toBeInTheDocument();
    expect(within(ada).getByText(MESSAGES.drivers.followUpDue)).toBeInTheDocument();
    expect(within(ada).getByText(COPY.nextFollowUp(formatFollowUp(PAST)))).toBeInTheDocument();
    const bo = screen.getByRole('row', { name: /Bo Fine/ });
    expect(within(bo).getByText(L.verified)).toBeInTheDocument();
    expect(within(bo).queryByText(MESSAGES.drivers.followUpDue)).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Cy Pending/ })).not.toBeInTheDocument();
  });

  it('lists only due follow-ups when the address or the filter asks for them', async () => {
    const server = driversServer([approved({ firstName: 'Ada', lastName: 'Due', followUpDate: PAST, followUpDue: true }), approved({ firstName: 'Bo', lastName: 'Fine' })]);
    const { user, callsTo } = renderWithPlatform(<ApprovedDriversTab />, { handlers: server.handlers, query: 'followUp=due' });
    expect(await screen.findByRole('row', { name: /Ada Due/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Bo Fine/ })).not.toBeInTheDocument();
    expect(callsTo('drivers.page')[0]).toEqual({ query: { pageNumber: 1, pageSize: 10, status: 'approved', followUp: 'due' } });
    await user.selectOptions(screen.getByRole('combobox', { name: COPY.approved.filterLabel }), COPY.approved.filterAll);
    expect(await screen.findByRole('row', { name: /Bo Fine/ })).toBeInTheDocument();
  });

  it('says so when no approved driver has a follow-up due', async () => {
    renderWithPlatform(<ApprovedDriversTab />, { handlers: driversServer([approved({})]).handlers, query: 'followUp=due' });
    expect(await screen.findByText(COPY.approved.noneDue)).toBeInTheDocument();
  });

  it('Driver Follow-up Verification: notes and dates are editable, Verify asks, then verifies driver and vehicle again', async () => {
    const ada = approved({ firstName: 'Ada', lastName: 'Due', notes: 'First check', followUpDate: PAST, vehicleNotes: 'V5C seen', vehicleFollowUpDate: FUTURE, followUpDue: true });
    const { user, toast, callsTo } = renderWithPlatform(<ApprovedDriversTab />, { handlers: driversServer([ada]).handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Due') }));
    const modal = await screen.findByRole('dialog', { name: MESSAGES.drivers.followUpTitle });
    const driverNotes = within(modal).getByRole('textbox', { name: COPY.driverNotes });
    expect(driverNotes).toHaveValue('First check');
    expect(within(modal).getByRole('textbox', { name: COPY.driverFollowUp })).toHaveValue(formatFollowUp(PAST));
    expect(within(modal).getByRole('textbox', { name: /Vehicle notes/ })).toHaveValue('V5C seen');

    await user.clear(driverNotes);
    await user.type(driverNotes, 'Licence rechecked');
    const date = within(modal).getByRole('textbox', { name: COPY.driverFollowUp });
    await user.clear(date);
    await user.type(date, NEXT.digits);
    await user.click(within(modal).getByRole('button', { name: L.verify }));
    const confirm = await screen.findByRole('dialog', { name: COPY.verifyDriverTitle });
    expect(within(confirm).getByText(COPY.followUpVerifyConfirm('Ada Due'))).toBeInTheDocument();
    expect(within(confirm).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: L.verify }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.approved));
    expect(callsTo('drivers.approve')).toEqual([{ body: { employeeIds: [ada.id], notes: 'Licence rechecked', followUpDate: NEXT.iso } }]);
    expect(callsTo('drivers.approveVehicles')).toEqual([{ body: { employeeIds: [ada.id], notes: 'V5C seen', followUpDate: FUTURE } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Verify in the follow-up modal needs a date for the driver, and notes and a date for the vehicle', async () => {
    const { user, callsTo } = renderWithPlatform(<ApprovedDriversTab />, { handlers: driversServer([approved({ firstName: 'Ada', lastName: 'Due' })]).handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Due') }));
    const modal = await screen.findByRole('dialog', { name: MESSAGES.drivers.followUpTitle });
    await user.click(within(modal).getByRole('button', { name: L.verify }));
    expect(await within(modal).findByText(MESSAGES.drivers.verifyFollowUp)).toBeInTheDocument();
    expect(within(modal).getByText(MESSAGES.drivers.verifyVehicle)).toBeInTheDocument();
    expect(callsTo('drivers.approve')).toEqual([]);
  });

  it('Verify refuses a follow-up left in the past, or typed beyond two years, with the window\'s message; nothing is sent', async () => {
    const ada = approved({ firstName: 'Ada', lastName: 'Due', notes: 'First check', followUpDate: PAST, vehicleNotes: 'V5C seen', vehicleFollowUpDate: FUTURE, followUpDue: true });
    const { user, callsTo } = renderWithPlatform(<ApprovedDriversTab />, { handlers: driversServer([ada]).handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Due') }));
    const modal = await screen.findByRole('dialog', { name: MESSAGES.drivers.followUpTitle });
    await user.click(within(modal).getByRole('button', { name: L.verify }));
    expect(await within(modal).findByText(MESSAGES.drivers.followUpOutOfRange)).toBeInTheDocument();
    const date = within(modal).getByRole('textbox', { name: COPY.driverFollowUp });
    await user.clear(date);
    await user.type(date, followUpAhead(3 * 366).digits);
    await user.click(within(modal).getByRole('button', { name: L.verify }));
    expect(await within(modal).findByText(MESSAGES.drivers.followUpOutOfRange)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: COPY.verifyDriverTitle })).not.toBeInTheDocument();
    expect(callsTo('drivers.approve')).toEqual([]);
    expect(callsTo('drivers.approveVehicles')).toEqual([]);
  });

  it('Reject in the follow-up modal needs the driver notes, asks without a notes box, then rejects', async () => {
    const ada = approved({ firstName: 'Ada', lastName: 'Due' });
    const { user, toast, callsTo } = renderWithPlatform(<ApprovedDriversTab />, { handlers: driversServer([ada]).handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Due') }));
    const modal = await screen.findByRole('dialog', { name: MESSAGES.drivers.followUpTitle });
    await user.click(within(modal).getByRole('button', { name: L.reject }));
    expect(await within(modal).findByText(MESSAGES.drivers.rejectNotes)).toBeInTheDocument();
    await user.type(within(modal).getByRole('textbox', { name: COPY.driverNotes }), 'Insurance lapsed');
    await user.click(within(modal).getByRole('button', { name: L.reject }));
    const confirm = await screen.findByRole('dialog', { name: COPY.rejectTitle });
    expect(within(confirm).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: L.confirm }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.drivers.rejected));
    expect(callsTo('drivers.reject')).toEqual([{ body: { employeeId: ada.id, notes: 'Insurance lapsed' } }]);
    expect(await screen.findByText(MESSAGES.drivers.noApproved)).toBeInTheDocument();
  });
});
