import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { uuid } from '@portal/testing';
import { driversServer, makeDriver, renderWithPlatform } from '../../test/fixtures';
import { ApprovedDriversTab } from './approved-drivers-tab';
import { PendingDriversTab } from './pending-drivers-tab';

const L = MESSAGES.labels;
const COPY = MESSAGES.driverScreens;
const S = COPY.sameLicence;
const verifiedVehicle = { make: 'Kia', model: 'Niro', yearManufactured: 2022, color: 'White', registrationNumber: 'LS70 XYZ', isVerified: true };

// One licence as three people typed it; a fourth driver's is another licence.
const ada = makeDriver({ firstName: 'Ada', lastName: 'Lovelace', drivingLicense: 'LOVEL815106AA9BC' });
const bob = makeDriver({
  firstName: 'Bob',
  lastName: 'Both',
  drivingLicense: 'lovel 815106 aa9bc',
  companyId: uuid(901),
  companyName: 'Riverside Foods',
  isVerified: true,
  vehicle: verifiedVehicle,
  status: 'approved',
});
const rex = makeDriver({ firstName: 'Rex', lastName: 'Rejected', drivingLicense: 'LOVEL-815106-AA9BC', rejectedAt: '2026-01-03T09:00:00.000Z', status: 'rejected' });
const cy = makeDriver({ firstName: 'Cy', lastName: 'Clear', drivingLicense: 'CLEAR801010CC9AB' });

describe('another driver with the same licence', () => {
  it("warns in the pending driver's details, naming each one with company and state, each a link to their own details", async () => {
    const server = driversServer([ada, bob, rex, cy]);
    const { user, navigate } = renderWithPlatform(<PendingDriversTab />, { handlers: server.handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Ada Lovelace') }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    const warning = await within(dialog).findByRole('alert', { name: S.title(2) });
    expect(within(warning).getByText(S.intro)).toBeInTheDocument();
    const items = within(warning).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `Bob Both ${S.where('Riverside Foods', MESSAGES.drivers.statuses.approved)}`,
      `Rex Rejected ${S.where('Greenway Logistics Ltd', MESSAGES.drivers.statuses.rejected)}`,
    ]);
    // An approved driver opens on the approved list's screen, the others on the pending list's.
    const bobLink = within(warning).getByRole('link', { name: 'Bob Both' });
    expect(bobLink).toHaveAttribute('href', `#${ROUTES.approvedDrivers}?driver=${bob.id}`);
    expect(within(warning).getByRole('link', { name: 'Rex Rejected' })).toHaveAttribute('href', `#${ROUTES.pendingDrivers}?driver=${rex.id}`);
    await user.click(bobLink);
    expect(navigate).toHaveBeenLastCalledWith(`${ROUTES.approvedDrivers}?driver=${bob.id}`);
  });

  it('says nothing when no other driver holds the licence', async () => {
    const server = driversServer([ada, cy]);
    const { user } = renderWithPlatform(<PendingDriversTab />, { handlers: server.handlers });
    await user.click(await screen.findByRole('button', { name: COPY.rowAction(L.seeMore, 'Cy Clear') }));
    const dialog = await screen.findByRole('dialog', { name: 'Cy Clear' });
    expect(await within(dialog).findByText(MESSAGES.drivers.historyKinds.vehicleRegistered)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the driver the address names, and warns on the follow-up screen of an approved driver too', async () => {
    const server = driversServer([ada, bob, rex]);
    renderWithPlatform(<ApprovedDriversTab />, { handlers: server.handlers, pathname: ROUTES.approvedDrivers, query: `driver=${bob.id}` });
    // The screen loads the driver first (not on the list's page yet), then shows the form.
    const warning = await screen.findByRole('alert', { name: S.title(2) });
    expect(screen.getByRole('dialog', { name: MESSAGES.drivers.followUpTitle })).toContainElement(warning);
    expect(screen.getByRole('textbox', { name: COPY.driverNotes })).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `#${ROUTES.pendingDrivers}?driver=${ada.id}`);
    expect(within(warning).getByRole('link', { name: 'Rex Rejected' })).toBeInTheDocument();
  });

  it('opens a pending driver named by the address even when they are not on the page on screen', async () => {
    const server = driversServer([ada, bob, rex]);
    renderWithPlatform(<PendingDriversTab />, { handlers: server.handlers, pathname: ROUTES.pendingDrivers, query: `driver=${rex.id}&pending.search=nobody` });
    const dialog = await screen.findByRole('dialog', { name: 'Rex Rejected' });
    expect(await within(dialog).findByRole('alert', { name: S.title(2) })).toBeInTheDocument();
  });

  it('says how many more there are than it lists', async () => {
    const { SameLicenceWarning } = await import('./same-licence-warning');
    renderWithPlatform(<SameLicenceWarning drivers={[{ id: bob.id, firstName: 'Bob', lastName: 'Both', companyId: bob.companyId, companyName: 'Riverside Foods', status: 'approved' }]} total={24} />);
    expect(screen.getByRole('alert', { name: S.title(24) })).toBeInTheDocument();
    expect(screen.getByText(S.more(23))).toBeInTheDocument();
  });
});
