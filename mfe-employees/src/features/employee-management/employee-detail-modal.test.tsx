import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { companyWithOffices, LEEDS_OFFICE, makeEmployee, YORK_OFFICE } from '../../test/fixtures';
import { callsTo, renderWithPlatform } from '@portal/testing';
import { EmployeeDetailModal } from './employee-detail-modal';

const ok = { success: true, message: 'ok' };

describe('Employee detail modal', () => {
  it('shows real details, N/A where missing, and requires a reason to deactivate', async () => {
    const e = makeEmployee({
      firstName: 'Ravi',
      lastName: 'Shah',
      vehicle: { make: 'Toyota', model: 'Corolla', yearManufactured: 2019, color: 'Blue', registrationNumber: 'AB12 CDE', isVerified: true },
      drivingLicenseNumber: 'SHAH9912',
    });
    const onClose = vi.fn();
    const { user, call, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={onClose} />, {
      handlers: { 'employees.get': () => ({ ...ok, employee: e }), 'employers.get': companyWithOffices, 'employees.deactivate': () => ok },
    });
    expect(await screen.findByText('Toyota')).toBeInTheDocument();
    expect(screen.getByText('Corolla')).toBeInTheDocument();
    expect(screen.getByText('2019')).toBeInTheDocument();
    expect(screen.getByText('AB12 CDE')).toBeInTheDocument();
    expect(screen.getByText('SHAH9912')).toBeInTheDocument();
    expect(screen.getByText('Driver')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument(); // postal code

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(MESSAGES.employees.deactivationReason)).toBeInTheDocument();
    expect(callsTo(call, 'employees.deactivate')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason for deactivation'), 'Left the company');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.deactivated));
    expect(callsTo(call, 'employees.deactivate')).toEqual([{ params: { id: e.id }, body: { reason: 'Left the company' } }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a deactivated employee shows the badge, the stored reason read-only, and reactivates without sending it', async () => {
    const e = makeEmployee({ isActive: false, deactivationReason: 'On long leave' });
    const { user, call, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={() => {}} />, {
      handlers: { 'employees.get': () => ({ ...ok, employee: e }), 'employers.get': companyWithOffices, 'employees.reactivate': () => ok },
    });
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('Passenger')).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for deactivation');
    expect(reason).toHaveValue('On long leave');
    expect(reason).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.reactivated));
    expect(callsTo(call, 'employees.reactivate')).toEqual([{ params: { id: e.id } }]);
  });

  it('an erased employee\'s anonymous record offers no reactivation, export or erasure, and says why', async () => {
    const e = makeEmployee({ firstName: 'Erased', lastName: 'employee', isActive: false, isErased: true });
    renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={() => {}} />, {
      handlers: { 'employees.get': () => ({ ...ok, employee: e }), 'employers.get': companyWithOffices },
    });
    expect(await screen.findByText(MESSAGES.dataRights.erasedRecordHint)).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: MESSAGES.dataRights.erase })).toBeNull();
    expect(screen.queryByRole('button', { name: MESSAGES.dataRights.exportData })).toBeNull();
  });

  it('deletes after a confirmation, and does not ask for the deleted employee again', async () => {
    const e = makeEmployee();
    const { user, call, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={() => {}} />, {
      handlers: { 'employees.get': () => ({ ...ok, employee: e }), 'employers.get': companyWithOffices, 'employees.remove': () => ok },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(callsTo(call, 'employees.remove')).toHaveLength(0);
    const confirm = await screen.findAllByRole('button', { name: 'Delete' });
    await user.click(confirm[confirm.length - 1]!);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.deleted));
    expect(callsTo(call, 'employees.remove')).toEqual([{ params: { id: e.id } }]);
    // Once deleted, the api only answers 404 for it (a console error in the browser).
    expect(callsTo(call, 'employees.get')).toHaveLength(1);
  });

  it('erases only once the name is typed as shown, naming the person in the dialog', async () => {
    const e = makeEmployee({ firstName: 'Ravi', lastName: 'Shah' });
    const onClose = vi.fn();
    const { user, call, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={onClose} />, {
      handlers: { 'employees.get': () => ({ ...ok, employee: e }), 'employers.get': companyWithOffices, 'dataRights.eraseEmployee': () => ({ ...ok, anonymousId: crypto.randomUUID() }) },
    });
    await user.click(await screen.findByRole('button', { name: MESSAGES.dataRights.erase }));
    expect(await screen.findByText(MESSAGES.dataRights.eraseTitle('Ravi Shah'))).toBeInTheDocument();
    const field = screen.getByLabelText(MESSAGES.dataRights.eraseConfirmLabel('Ravi Shah'));
    await user.type(field, 'Ravi');
    const erase = screen.getAllByRole('button', { name: MESSAGES.dataRights.erase });
    await user.click(erase[erase.length - 1]!);
    expect(await screen.findByText(MESSAGES.dataRights.eraseConfirmMismatch)).toBeInTheDocument();
    expect(callsTo(call, 'dataRights.eraseEmployee')).toHaveLength(0);
    await user.type(field, ' Shah');
    await user.click(erase[erase.length - 1]!);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.dataRights.erased));
    expect(callsTo(call, 'dataRights.eraseEmployee')).toEqual([{ params: { id: e.id }, body: { confirm: true } }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the company\'s offices and No office, shows the saved one, and saves a change', async () => {
    let e = makeEmployee({ officeId: LEEDS_OFFICE });
    const { user, call, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={() => {}} />, {
      handlers: {
        'employees.get': () => ({ ...ok, employee: e }),
        'employers.get': companyWithOffices,
        'employees.setOffice': (input) => {
          const officeId = (input as { body: { officeId: string | null } }).body.officeId;
          e = { ...e, officeId };
          return { ...ok, officeId };
        },
      },
    });
    const select = await screen.findByRole('combobox', { name: MESSAGES.insights.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['1 Park Row, Leeds', '2 Station Road, York', MESSAGES.insights.noOffice]);
    expect(select).toHaveValue(LEEDS_OFFICE);
    const save = screen.getByRole('button', { name: MESSAGES.employees.officeSave });
    expect(save).toBeDisabled(); // nothing to save yet

    await user.selectOptions(select, YORK_OFFICE);
    await user.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.officeChanged));
    expect(callsTo(call, 'employees.setOffice')).toEqual([{ params: { id: e.id }, body: { officeId: YORK_OFFICE } }]);

    await user.selectOptions(select, '');
    await user.click(screen.getByRole('button', { name: MESSAGES.employees.officeSave }));
    await waitFor(() => expect(callsTo(call, 'employees.setOffice')).toHaveLength(2));
    expect(callsTo(call, 'employees.setOffice')[1]).toEqual({ params: { id: e.id }, body: { officeId: null } });
  });

  it('shows the server\'s message when the office cannot be saved', async () => {
    const e = makeEmployee();
    const { user, toast } = renderWithPlatform(<EmployeeDetailModal employeeId={e.id} onClose={() => {}} />, {
      handlers: {
        'employees.get': () => ({ ...ok, employee: e }),
        'employers.get': companyWithOffices,
        'employees.setOffice': () => {
          throw new ApiError(404, MESSAGES.insights.officeNotFound);
        },
      },
    });
    const select = await screen.findByRole('combobox', { name: MESSAGES.insights.office });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue(''); // No office
    await user.selectOptions(select, LEEDS_OFFICE);
    await user.click(screen.getByRole('button', { name: MESSAGES.employees.officeSave }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.insights.officeNotFound));
  });
});
