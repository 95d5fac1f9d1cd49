import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { callsTo, pageOf, renderWithPlatform, sessionFixture as employerSession } from '@portal/testing';
import { makeEmployee } from '../../test/fixtures';
import { JoinRequestsBell } from './join-requests-bell';

describe('Join requests bell', () => {
  it('renders a quiet bell and makes no call before the company exists', () => {
    const { call } = renderWithPlatform(<JoinRequestsBell />, { session: { ...employerSession, employerId: null, signUpState: 0 } });
    expect(screen.getByRole('button', { name: 'Join requests' })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('shows the pending count and verifies from the list after confirmation', async () => {
    const people = [makeEmployee({ firstName: 'Nia', lastName: 'Okafor', email: 'nia@example.com' }), makeEmployee({ firstName: 'Tom', lastName: 'Hardy' })];
    const { user, call, toast } = renderWithPlatform(<JoinRequestsBell />, {
      handlers: {
        'employees.pending': (input) => {
          const q = input?.query as { pageNumber: number; pageSize: number };
          return pageOf(people, q.pageNumber, q.pageSize);
        },
        'employees.accept': () => ({ success: true, message: 'ok' }),
      },
    });
    const bell = await screen.findByRole('button', { name: 'Join requests, 2 pending' });
    expect(callsTo(call, 'employees.pending')[0]?.query).toEqual({ pageNumber: 1, pageSize: 100 });
    await user.click(bell);
    expect(await screen.findByText('nia@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Nia Okafor' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.employees.confirmVerify)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.approved));
    expect(callsTo(call, 'employees.accept')).toEqual([{ params: { id: people[0]!.id } }]);
  });

  it('says when nothing is pending', async () => {
    const { user } = renderWithPlatform(<JoinRequestsBell />, { handlers: { 'employees.pending': () => pageOf([], 1, 100) } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join requests' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Join requests' }));
    expect(await screen.findByText(MESSAGES.employees.noPending)).toBeInTheDocument();
  });
});
