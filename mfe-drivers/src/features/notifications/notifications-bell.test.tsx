import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { makeSummary, renderWithPlatform } from '../../test/fixtures';
import { NotificationsBell } from './notifications-bell';

const COPY = MESSAGES.driverScreens.bell;

describe('Notifications bell', () => {
  it('shows the count in its badge and lists what waits, each linked to its list', async () => {
    const summary = makeSummary({ pendingDrivers: 2, pendingVehicles: 1, followUpsDue: 3 });
    const { user, navigate } = renderWithPlatform(<NotificationsBell />, { handlers: { 'drivers.notifications': () => summary } });
    const bell = await screen.findByRole('button', { name: COPY.label(6) });
    expect(within(bell).getByText('6')).toBeInTheDocument();
    await user.click(bell);
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(summary.items.map((i) => i.text));
    expect(links[2]).toHaveAttribute('href', '#/approved-drivers?followUp=due');
    await user.click(links[2]!);
    expect(navigate).toHaveBeenCalledWith('/approved-drivers?followUp=due');
    await waitFor(() => expect(screen.queryByRole('link')).not.toBeInTheDocument());
  });

  it('says when nothing waits', async () => {
    const { user } = renderWithPlatform(<NotificationsBell />, { handlers: { 'drivers.notifications': () => makeSummary() } });
    await user.click(await screen.findByRole('button', { name: COPY.label(0) }));
    expect(await screen.findByText(MESSAGES.notifications.none)).toBeInTheDocument();
  });

  it('says when the count cannot be loaded', async () => {
    const { user } = renderWithPlatform(<NotificationsBell />, { handlers: {} });
    await user.click(screen.getByRole('button', { name: COPY.label(0) }));
    expect(await screen.findByText(COPY.loadFailed)).toBeInTheDocument();
  });

  it('asks nothing for a user who is not a super admin', () => {
    const { call } = renderWithPlatform(<NotificationsBell />, { session: { role: 'Employer' } });
    expect(screen.getByRole('button', { name: COPY.label(0) })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
