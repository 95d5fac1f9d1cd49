import { ApiError, MESSAGES, type AdminEntry } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakePlatform, renderWithPlatform, sessionFixture as testSession } from '@portal/testing';
import { AdminUsersPage } from './admin-users-page';

// User Management's office scope (docs/decisions/0051-office-administrators.md).
const LEEDS = '00000000-0000-4000-8000-0000000000a1';
const YORK = '00000000-0000-4000-8000-0000000000a2';
const location = (id: string, town: string) => ({ id, addressLine1: `1 ${town} Road`, addressLine2: null, town, postalCode: 'LS1 1AA' });
const owner: AdminEntry = { id: 'o1', name: 'owner', email: 'owner@example.com', role: 'Employer', offices: null };
const ann: AdminEntry = { id: 'a1', name: 'ann', email: 'ann@example.com', role: 'Admin', offices: null };
const bob: AdminEntry = { id: 'a2', name: 'bob', email: 'bob@example.com', role: 'Admin', offices: [YORK] };

const page = (items: AdminEntry[]) => ({ items, totalCount: items.length, pageNumber: 1, pageSize: 100, totalPages: 1, hasPreviousPage: false, hasNextPage: false });

function world(o: { locations?: ReturnType<typeof location>[]; save?: () => Promise<unknown> } = {}) {
  const platform = createFakePlatform({ session: testSession });
  const locations = o.locations ?? [location(LEEDS, 'Leeds'), location(YORK, 'York')];
  platform.api.call.mockImplementation(async (endpoint: { id: string }) => {
    if (endpoint.id === 'employers.get') return { success: true, message: 'OK', company: { ...testSession.companyDetails, locations } };
    if (endpoint.id === 'accounts.setAdminOffices') return (o.save ?? (async () => ({ success: true, message: 'OK' })))();
    return page([owner, ann, bob]);
  });
  return platform;
}

describe('User Management: the offices an admin manages', () => {
  it("lists each one's scope, and limits an admin to one office", async () => {
    const user = userEvent.setup();
    const platform = world();
    renderWithPlatform(<AdminUsersPage variant="employer" />, platform);
    const annRow = (await screen.findByText('ann')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: MESSAGES.admins.officesColumn })).toBeInTheDocument();
    expect(within(annRow).getByText(MESSAGES.admins.wholeCompany)).toBeInTheDocument();
    expect(within(screen.getByText('bob').closest('tr')!).getByText('1 York Road, York')).toBeInTheDocument();
    // The owner always manages the whole company: no button.
    expect(screen.queryByRole('button', { name: MESSAGES.admins.changeOfficesOf('owner') })).not.toBeInTheDocument();

    await user.click(within(annRow).getByRole('button', { name: MESSAGES.admins.changeOfficesOf('ann') }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.admins.officesTitle('ann') });
    expect(within(dialog).getByRole('radio', { name: MESSAGES.admins.wholeCompany })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: MESSAGES.admins.someOffices }));
    // None chosen: said, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.admins.chooseOffice);
    expect(platform.api.call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.setAdminOffices' }), expect.anything());

    await user.click(within(dialog).getByRole('checkbox', { name: '1 Leeds Road, Leeds' }));
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.officesSaved));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.setAdminOffices' }), { params: { id: 'a1' }, body: { officeIds: [LEEDS] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives an office admin the whole company again, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const platform = world({
      save: async () => {
        if (refuse) throw new ApiError(403, MESSAGES.admins.officesOnlyForAdmins);
        return { success: true, message: 'OK' };
      },
    });
    renderWithPlatform(<AdminUsersPage variant="employer" />, platform);
    await user.click(await screen.findByRole('button', { name: MESSAGES.admins.changeOfficesOf('bob') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: '1 York Road, York' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: MESSAGES.admins.wholeCompany }));
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.admins.officesOnlyForAdmins);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.save }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.admins.officesSaved));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.setAdminOffices' }), { params: { id: 'a2' }, body: { officeIds: null } });
  });

  it('offers nothing of the kind in a company without offices', async () => {
    renderWithPlatform(<AdminUsersPage variant="employer" />, world({ locations: [] }));
    await screen.findByText('ann');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: MESSAGES.admins.officesColumn })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: MESSAGES.admins.changeOfficesOf('ann') })).not.toBeInTheDocument();
  });
});
