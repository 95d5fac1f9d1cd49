import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCompany, aLocation } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { EmployerModal } from './employer-modal';

function setup(company = aCompany({ signUpState: 3, locations: [aLocation()] })) {
  const onOpenChange = vi.fn();
  const r = renderWithPlatform(<EmployerModal employerId={company.id} open onOpenChange={onOpenChange} />, {
    session: { role: 'SuperAdmin' },
    handlers: {
      'employers.get': () => ({ success: true, message: 'ok', company }),
      'employers.deactivate': () => ({ success: true, message: 'deactivated' }),
      'employers.reactivate': () => ({ success: true, message: 'reactivated' }),
      'employers.remove': () => ({ success: true, message: 'deleted' }),
    },
  });
  return { ...r, company, onOpenChange };
}

describe('EmployerModal', () => {
  it('needs a reason to deactivate, then deactivates with it', async () => {
    const { user, platform, callsTo, company, onOpenChange } = setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.labels.deactivateUser }));
    const reason = await screen.findByLabelText(MESSAGES.labels.reasonForDeactivation);
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.deactivate }));
    expect(await screen.findByText(MESSAGES.employees.deactivationReason)).toBeInTheDocument();
    expect(callsTo('employers.deactivate')).toHaveLength(0);

    await user.type(reason, 'Contract ended');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.deactivate }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.deactivated));
    expect(callsTo('employers.deactivate')).toEqual([{ params: { id: company.id }, body: { reason: 'Contract ended' } }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('deletes after confirmation', async () => {
    const { user, platform, callsTo, company } = setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.labels.deleteUser }));
    expect(await screen.findByText(MESSAGES.employers.confirmDelete)).toBeInTheDocument();
    expect(callsTo('employers.remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.delete }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.deleted));
    expect(callsTo('employers.remove')).toEqual([{ params: { id: company.id } }]);
  });

  it('names the company and how many employees go with it before deleting', async () => {
    const { user, callsTo } = setup(aCompany({ name: 'Greenway Logistics Ltd', employeeCount: 58 }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.employers.detailsTitle });
    await user.click(await within(dialog).findByRole('button', { name: MESSAGES.labels.deleteUser }));
    expect(await screen.findByText(MESSAGES.employers.confirmDeleteNamed('Greenway Logistics Ltd', 58))).toBeInTheDocument();
    expect(screen.getByText(/Greenway Logistics Ltd\? The company, its 58 employees/)).toBeInTheDocument();
    expect(callsTo('employers.remove')).toHaveLength(0);
  });

  it('offers Reactivate for a deactivated employer', async () => {
    const { user, platform, callsTo } = setup(aCompany({ isActive: false, deactivationReason: 'Unpaid invoices' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Unpaid invoices')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: MESSAGES.labels.deactivateUser })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.reactivate }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.reactivated));
    expect(callsTo('employers.reactivate')).toHaveLength(1);
  });

  it('shows empty address fields when the employer has no location', async () => {
    setup(aCompany({ locations: [] }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText(MESSAGES.locationFields.addressLine1)).toHaveValue('');
  });
});
