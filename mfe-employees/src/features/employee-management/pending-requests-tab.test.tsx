import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES, type Employee } from '@portal/shared-contracts';
import { makeEmployee } from '../../test/fixtures';
import { callsTo, pageOf, renderWithPlatform, type Handler } from '@portal/testing';
import { PendingRequestsTab } from './pending-requests-tab';

function pending(n: number): Employee[] {
  return Array.from({ length: n }, (_, i) =>
    makeEmployee({ firstName: `Person${String(i + 1).padStart(3, '0')}`, lastName: 'Waiting', isApproved: false, isActive: false }),
  );
}

function pendingHandler(all: Employee[]): Handler {
  return (input) => {
    const q = (input?.query ?? {}) as { pageNumber: number; pageSize: number };
    return pageOf(all, q.pageNumber, q.pageSize);
  };
}

describe('Pending Requests', () => {
  it('reads every page 100 at a time and shows 10 per page', async () => {
    const { call } = renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler(pending(230)) } });
    expect(await screen.findByText('Person001 Waiting')).toBeInTheDocument();
    const queries = callsTo(call, 'employees.pending').map((i) => i?.query);
    expect(queries).toEqual([
      { pageNumber: 1, pageSize: 100 },
      { pageNumber: 2, pageSize: 100 },
      { pageNumber: 3, pageSize: 100 },
    ]);
    expect(screen.getAllByRole('checkbox', { name: /^Select Person/ })).toHaveLength(10);
    expect(screen.getByText('Page 1 of 23')).toBeInTheDocument();
    expect(screen.queryByText('Person011 Waiting')).not.toBeInTheDocument();
  });

  it('asks to select someone when Approve Selected has nothing selected', async () => {
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler(pending(3)) } });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(toast.error).toHaveBeenCalledWith('Please select at least one employee to approve.');
    expect(callsTo(call, 'employees.bulkAccept')).toHaveLength(0);
  });

  it('select-all ticks every visible row and Approve Selected approves them together', async () => {
    const all = pending(12);
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.bulkAccept': () => ({ success: true, message: 'ok', count: 10 }) },
    });
    await screen.findByText('Person001 Waiting');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select Person/ })) expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.bulkApproved));
    expect(callsTo(call, 'employees.bulkAccept')[0]?.body).toEqual({ employeeIds: all.slice(0, 10).map((e) => e.id) });
  });

  it("offers neither Approve nor Reject on an erased person's request, says why, and leaves it out of the selection", async () => {
    const all = pending(3);
    const erased = makeEmployee({ firstName: 'Erased', lastName: 'employee', isApproved: false, isActive: false, isErased: true });
    all.splice(1, 0, erased);
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.bulkAccept': () => ({ success: true, message: 'ok', count: 3 }) },
    });
    const row = (await screen.findByText('Erased employee')).closest('tr')!;
    expect(within(row).getByText(MESSAGES.dataRights.erasedRequestHint)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Verify / })).toHaveLength(3);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByText(MESSAGES.employees.selectedCount(3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.bulkApproved));
    expect(callsTo(call, 'employees.bulkAccept')[0]?.body).toEqual({ employeeIds: all.filter((e) => !e.isErased).map((e) => e.id) });
  });

  it('shows the server message when bulk approval fails', async () => {
    const { user, toast } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: {
        'employees.pending': pendingHandler(pending(2)),
        'employees.bulkAccept': () => {
          throw new ApiError(400, 'Already approved');
        },
      },
    });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person001 Waiting' }));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Already approved'));
  });

  it('rejects one request after the confirmation', async () => {
    const all = pending(2);
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.reject': () => ({ success: true, message: 'ok' }) },
    });
    await screen.findByText('Person002 Waiting');
    await user.click(screen.getByRole('button', { name: 'Reject Person002 Waiting' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.employees.confirmReject)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.rejected));
    expect(callsTo(call, 'employees.reject')).toEqual([{ params: { id: all[1]!.id } }]);
    expect(callsTo(call, 'employees.accept')).toHaveLength(0);
  });

  it('verifies one request after the confirmation, and Cancel does nothing', async () => {
    const all = pending(1);
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.accept': () => ({ success: true, message: 'ok' }) },
    });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('button', { name: 'Verify Person001 Waiting' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.employees.confirmVerify)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(call, 'employees.accept')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verify Person001 Waiting' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.approved));
    expect(callsTo(call, 'employees.accept')).toEqual([{ params: { id: all[0]!.id } }]);
  });

  it('falls back to the spec message when a rejection fails without one', async () => {
    const { user, toast } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: {
        'employees.pending': pendingHandler(pending(1)),
        'employees.reject': () => {
          throw new Error('network');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Person001 Waiting' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.employees.rejectFailed));
  });

  it('rejects only the selected rows the search still shows, in one call, naming them', async () => {
    const all = [
      makeEmployee({ firstName: 'Ann', lastName: 'Hidden', isApproved: false, isActive: false }),
      makeEmployee({ firstName: 'Bob', lastName: 'Shown', isApproved: false, isActive: false }),
      makeEmployee({ firstName: 'Cat', lastName: 'Shown', isApproved: false, isActive: false }),
    ];
    const { user, toast, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.bulkReject': () => ({ success: true, message: 'ok', count: 2 }) },
    });
    await screen.findByText('Ann Hidden');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search pending requests' }), 'shown');
    expect(screen.queryByText('Ann Hidden')).not.toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MESSAGES.employees.awaitingApproval }));
    await user.click(await screen.findByRole('menuitem', { name: MESSAGES.labels.reject }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.joinRequests.rejectManyTitle(2) });
    expect(dialog).toHaveAccessibleDescription(MESSAGES.joinRequests.confirmRejectMany(['Bob Shown', 'Cat Shown']));
    expect(within(dialog).queryByText(/Ann Hidden/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.joinRequests.rejectedMany));
    expect(callsTo(call, 'employees.bulkReject')).toEqual([{ body: { employeeIds: [all[1]!.id, all[2]!.id] } }]);
    expect(callsTo(call, 'employees.reject')).toHaveLength(0);
  });

  it('approves only the selected rows of the page on screen', async () => {
    const all = pending(12);
    const { user, call } = renderWithPlatform(<PendingRequestsTab />, {
      handlers: { 'employees.pending': pendingHandler(all), 'employees.bulkAccept': () => ({ success: true, message: 'ok', count: 1 }) },
    });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person001 Waiting' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person011 Waiting' }));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    await waitFor(() => expect(callsTo(call, 'employees.bulkAccept')).toHaveLength(1));
    expect(callsTo(call, 'employees.bulkAccept')[0]?.body).toEqual({ employeeIds: [all[10]!.id] });
  });

  it('names the first three of many and counts the rest', async () => {
    const all = pending(5);
    const { user } = renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler(all) } });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: MESSAGES.employees.awaitingApproval }));
    await user.click(await screen.findByRole('menuitem', { name: MESSAGES.labels.reject }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 5 requests?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to reject Person001 Waiting, Person002 Waiting, Person003 Waiting and 2 more?');
  });

  it('searches locally', async () => {
    const all = [...pending(15), makeEmployee({ firstName: 'Zelda', lastName: 'Unique', email: 'zelda@corp.example' })];
    const { user, call } = renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler(all) } });
    await screen.findByText('Person001 Waiting');
    await user.type(screen.getByRole('searchbox', { name: 'Search pending requests' }), 'zelda');
    expect(screen.getByText('Zelda Unique')).toBeInTheDocument();
    expect(screen.queryByText('Person001 Waiting')).not.toBeInTheDocument();
    expect(callsTo(call, 'employees.pending')).toHaveLength(1);
  });

  it('says that nothing matches a search that finds none of the requests, not that there are none', async () => {
    const { user } = renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler(pending(50)) } });
    await screen.findByText('Person001 Waiting');
    await user.type(screen.getByRole('searchbox', { name: 'Search pending requests' }), 'nobody-like-this');
    expect(await screen.findByText(MESSAGES.employees.noPendingMatch('nobody-like-this'))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.employees.noPending)).not.toBeInTheDocument();
  });

  it('keeps its page and search in the address under its own keys, and opens on them', async () => {
    const all = pending(25);
    const { user, navigate } = renderWithPlatform(<PendingRequestsTab />, { query: 'tab=pending-requests', handlers: { 'employees.pending': pendingHandler(all) } });
    await screen.findByText('Person001 Waiting');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Person011 Waiting')).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/?tab=pending-requests&pending.page=2', { replace: true }));
  });

  it('opens on the page the address names', async () => {
    renderWithPlatform(<PendingRequestsTab />, { query: 'pending.page=3&pending.search=person', handlers: { 'employees.pending': pendingHandler(pending(25)) } });
    expect(await screen.findByText('Person021 Waiting')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search pending requests' })).toHaveValue('person');
  });

  it('says when there is nothing pending, and when the list cannot load', async () => {
    renderWithPlatform(<PendingRequestsTab />, { handlers: { 'employees.pending': pendingHandler([]) } });
    expect(await screen.findByText(MESSAGES.employees.noPending)).toBeInTheDocument();
  });

  it('says when the list cannot load', async () => {
    renderWithPlatform(<PendingRequestsTab />, {
      handlers: {
        'employees.pending': () => {
          throw new ApiError(500, 'boom');
        },
      },
    });
    expect(await screen.findByText(MESSAGES.employees.pendingLoadFailed)).toBeInTheDocument();
  });
});
