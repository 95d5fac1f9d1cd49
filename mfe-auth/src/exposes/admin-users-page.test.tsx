import { ApiError, MESSAGES, type AdminEntry } from '@portal/shared-contracts';
import { COPY } from '../shared/copy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakePlatform, renderWithPlatform, sessionFixture as testSession } from '@portal/testing';
import AdminUsersPage from './admin-users-page';

const entry = (i: number, role: AdminEntry['role'] = 'Admin'): AdminEntry => ({ id: `a${i}`, name: `user${i}`, email: `user${i}@example.com`, role, offices: null });

function page(items: AdminEntry[]) {
  return { items, totalCount: items.length, pageNumber: 1, pageSize: 100, totalPages: 1, hasPreviousPage: false, hasNextPage: false };
}

describe('AdminUsersPage', () => {
  it('employer: lists the company users ten at a time, never the signed-in user', async () => {
    const platform = createFakePlatform({ session: testSession });
    const me = { id: testSession.userId, name: 'me', email: testSession.email, role: 'Employer' as const, offices: null };
    platform.api.call.mockResolvedValue(page([me, ...Array.from({ length: 12 }, (_, i) => entry(i + 1))]));
    renderWithPlatform(<AdminUsersPage variant="employer" />, platform);
    expect(await screen.findByText('user1')).toBeInTheDocument();
    expect(screen.queryByText('me')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.labels.users);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText(MESSAGES.labels.pageXofY(1, 2))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.labels.next }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(platform.api.call).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'accounts.employerAdmins' }),
      { params: { employerId: testSession.employerId }, query: { pageNumber: 1, pageSize: 100 } },
      expect.anything(),
    );
  });

  it('asks for a password of at least 8 characters', async () => {
    const user = userEvent.setup();
    const platform = createFakePlatform({ session: testSession });
    platform.api.call.mockResolvedValue(page([entry(1)]));
    renderWithPlatform(<AdminUsersPage variant="employer" />, platform);
    await screen.findByText('user1');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.addUser }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.userName), 'newuser');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.email), 'new@example.com');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.password), 'abcdef');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.admins.passwordMin);
    expect(MESSAGES.admins.passwordMin).toBe('Password must be at least 8 characters.');
    expect(platform.api.call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.addUser' }), expect.anything());
  });

  it('employer: adds an Admin of the company after validating with the spec messages', async () => {
    const user = userEvent.setup();
    const platform = createFakePlatform({ session: testSession });
    platform.api.call.mockImplementation(async (endpoint: { id: string }) =>
      endpoint.id === 'accounts.addUser' ? { success: true, message: 'ok', id: 'n1' } : page([entry(1)]),
    );
    renderWithPlatform(<AdminUsersPage variant="employer" />, platform);
    await screen.findByText('user1');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.addUser }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: MESSAGES.labels.save });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByLabelText(MESSAGES.fields.accountType)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.userName), 'new user');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.email), 'new@example.com');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.password), 'abc');
    await user.click(save);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.admins.usernameSpaces);
    expect(alert).toHaveTextContent(MESSAGES.admins.passwordMin);

    await user.clear(within(dialog).getByLabelText(MESSAGES.fields.userName));
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.userName), 'newuser');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.password), 'defgh');
    await user.click(save);
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.userAdded));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.addUser' }), {
      body: {
        userName: 'newuser',
        email: 'new@example.com',
        password: 'abcdefgh',
        role: 'Admin',
        employerId: testSession.employerId,
        employerUserId: testSession.employerUserId,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('super admin: adds an Employer and removes after confirmation', async () => {
    const user = userEvent.setup();
    const platform = createFakePlatform({ session: { ...testSession, role: 'SuperAdmin' } });
    platform.api.call.mockImplementation(async (endpoint: { id: string }) => {
      if (endpoint.id === 'accounts.superAdmins') return [entry(1, 'SuperAdmin'), entry(2, 'SuperAdmin')];
      if (endpoint.id === 'accounts.addUser') return { success: true, message: 'ok', id: 'n1' };
      return { success: true, message: 'ok' };
    });
    renderWithPlatform(<AdminUsersPage variant="superAdmin" />, platform);
    expect(await screen.findByText('user1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.labels.admins);

    await user.click(screen.getByRole('button', { name: MESSAGES.labels.addUser }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.userName), 'boss');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.email), 'boss@example.com');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.password), 'secret12');
    await user.selectOptions(within(dialog).getByLabelText(MESSAGES.fields.accountType), 'Employer');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    // An employer account is a user, not an admin: the spec's "User added successfully!".
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.userAdded));
    expect(platform.toast.success).not.toHaveBeenCalledWith(MESSAGES.admins.adminAdded);
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.addUser' }), {
      body: expect.objectContaining({ role: 'Employer', userName: 'boss' }),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `${MESSAGES.labels.removeAdmin}: user2` }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(MESSAGES.admins.confirmRemove('user2'));
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.labels.remove }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.userRemoved));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.removeUser' }), { params: { id: 'a2' } });
  });

  it('super admin: says "Admin added", and shows the one added however long the list, the search cleared', async () => {
    const user = userEvent.setup();
    const platform = createFakePlatform({ session: { ...testSession, role: 'SuperAdmin' } });
    // Twelve super admins; the new one comes last (an employer's list is in name order): its page is shown.
    const twelve = Array.from({ length: 12 }, (_, i) => entry(i + 1, 'SuperAdmin'));
    let list = twelve;
    platform.api.call.mockImplementation(async (endpoint: { id: string }) => {
      if (endpoint.id === 'accounts.superAdmins') return list;
      list = [...twelve, { id: 'n1', name: 'zed', email: 'zed@example.com', role: 'SuperAdmin', offices: null }];
      return { success: true, message: 'ok', id: 'n1' };
    });
    renderWithPlatform(<AdminUsersPage variant="superAdmin" />, platform);
    await screen.findByText('user1');
    await user.type(screen.getByRole('searchbox', { name: MESSAGES.admins.searchLabel }), 'user12');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.addUser }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.userName), 'zed');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.email), 'zed@example.com');
    await user.type(within(dialog).getByLabelText(MESSAGES.fields.password), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.adminAdded));
    expect(await screen.findByText('zed')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.labels.pageXofY(2, 2))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: MESSAGES.admins.searchLabel })).toHaveValue('');
  });

  it('super admin: says where an employer account goes when one is added', async () => {
    const user = userEvent.setup();
    const platform = createFakePlatform({ session: { ...testSession, role: 'SuperAdmin' } });
    platform.api.call.mockResolvedValue([entry(1, 'SuperAdmin')]);
    renderWithPlatform(<AdminUsersPage variant="superAdmin" />, platform);
    await screen.findByText('user1');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.addUser }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(MESSAGES.admins.employerGoesTo)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(MESSAGES.fields.accountType), 'Employer');
    expect(within(dialog).getByText(MESSAGES.admins.employerGoesTo)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and offers a retry', async () => {
    const platform = createFakePlatform({ session: { ...testSession, role: 'SuperAdmin' } });
    platform.api.call.mockRejectedValueOnce(new ApiError(503, 'Admins is unavailable right now.'));
    renderWithPlatform(<AdminUsersPage variant="superAdmin" />, platform);
    expect(await screen.findByText(COPY.admins.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Admins is unavailable right now.')).toBeInTheDocument();
    platform.api.call.mockResolvedValueOnce([entry(7, 'SuperAdmin')]);
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByText('user7')).toBeInTheDocument();
  });
});
