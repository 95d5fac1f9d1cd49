import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { driversServer, makeDriver, renderWithPlatform } from '../../test/fixtures';
import { DriversPage } from './drivers-page';

const [APPROVED, PENDING] = MESSAGES.labels.driverTabs;

describe('All Drivers', () => {
  it('opens on Approved Drivers and goes to the other tab at its own route', async () => {
    const { user, navigate } = renderWithPlatform(<DriversPage />, { handlers: driversServer([makeDriver({ firstName: 'Pat', lastName: 'Waiting' })]).handlers });
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.labels.allDrivers })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: APPROVED })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(MESSAGES.drivers.noApproved)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: PENDING }));
    expect(navigate).toHaveBeenCalledWith(ROUTES.pendingDrivers, { replace: true });
    expect(await screen.findByRole('row', { name: /Pat Waiting/ })).toBeInTheDocument();
  });

  it('opens the tab its route names', async () => {
    renderWithPlatform(<DriversPage tab="Pending" />, { handlers: driversServer([]).handlers });
    expect(screen.getByRole('tab', { name: PENDING })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(MESSAGES.drivers.noPending)).toBeInTheDocument();
  });

  it('follows a change of route to the other tab', async () => {
    function Route() {
      const [tab, setTab] = useState<'Approved' | 'Pending'>('Pending');
      return (
        <>
          <button type="button" onClick={() => setTab('Approved')}>
            Go to approved
          </button>
          <DriversPage tab={tab} />
        </>
      );
    }
    const { user } = renderWithPlatform(<Route />, { handlers: driversServer([]).handlers });
    await user.click(screen.getByRole('button', { name: 'Go to approved' }));
    expect(screen.getByRole('tab', { name: APPROVED })).toHaveAttribute('aria-selected', 'true');
  });
});
