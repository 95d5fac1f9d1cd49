import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { callsTo, renderWithPlatform } from '@portal/testing';
import { AddManuallyPage } from './add-manually-page';
import { DUPLICATE_EMAIL } from './manual-rows-schema';

type User = ReturnType<typeof renderWithPlatform>['user'];

async function fillRow(user: User, row: number, v: { firstName: string; lastName: string; email: string; employeeNumber: string }) {
  await user.type(screen.getByRole('textbox', { name: `First Name, row ${row}` }), v.firstName);
  await user.type(screen.getByRole('textbox', { name: `Last Name, row ${row}` }), v.lastName);
  if (v.email) await user.type(screen.getByRole('textbox', { name: `Email, row ${row}` }), v.email);
  await user.type(screen.getByRole('textbox', { name: `Employee Number, row ${row}` }), v.employeeNumber);
}

describe('Add employees manually', () => {
  it('blocks the submission while one row is invalid and shows that row its message', async () => {
    const { user, call } = renderWithPlatform(<AddManuallyPage />, { handlers: { 'employees.bulkAdd': () => ({ success: true, message: 'ok', count: 2 }) } });
    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { firstName: 'Bob', lastName: 'Ray', email: '', employeeNumber: 'E2' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    expect(await screen.findByText(MESSAGES.manualRow.emailRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email, row 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email, row 1' })).not.toHaveAttribute('aria-invalid');
    expect(callsTo(call, 'employees.bulkAdd')).toHaveLength(0);
  });

  it('flags an email used twice', async () => {
    const { user, call } = renderWithPlatform(<AddManuallyPage />);
    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'same@example.com', employeeNumber: 'E1' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { firstName: 'Bob', lastName: 'Ray', email: 'SAME@example.com', employeeNumber: 'E2' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    expect(await screen.findByText(DUPLICATE_EMAIL)).toBeInTheDocument();
    expect(callsTo(call, 'employees.bulkAdd')).toHaveLength(0);
  });

  it('sends valid rows, then toasts and returns to Employee Management', async () => {
    const { user, call, toast, navigate } = renderWithPlatform(<AddManuallyPage />, {
      handlers: { 'employees.bulkAdd': () => ({ success: true, message: 'ok', count: 1 }) },
    });
    await fillRow(user, 1, { firstName: ' Ann ', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.manualAdded));
    expect(callsTo(call, 'employees.bulkAdd')[0]?.body).toEqual({
      employees: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' }],
    });
    expect(navigate).toHaveBeenCalledWith('/employee-management');
  });

  it('finishes setup step 3 when reached from it: added employees lead to the account-completed page', async () => {
    const { user, toast, navigate } = renderWithPlatform(<AddManuallyPage />, {
      session: { signUpState: 2 },
      handlers: { 'employees.bulkAdd': () => ({ success: true, message: 'ok', count: 1 }) },
    });
    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.manualAdded));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/account-completed');
  });

  it('sends the optional department when one is typed', async () => {
    const { user, call } = renderWithPlatform(<AddManuallyPage />, {
      handlers: { 'employees.bulkAdd': () => ({ success: true, message: 'ok', count: 1 }) },
    });
    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await user.type(screen.getByRole('textbox', { name: 'Department (optional), row 1' }), 'Finance');
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    await waitFor(() => expect(callsTo(call, 'employees.bulkAdd')).toHaveLength(1));
    expect(callsTo(call, 'employees.bulkAdd')[0]?.body).toEqual({
      employees: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1', department: 'Finance' }],
    });
  });

  it('shows no error on a row just added, only once a field is left or the form submitted', async () => {
    const { user } = renderWithPlatform(<AddManuallyPage />);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.queryByText(MESSAGES.manualRow.firstNameRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.manualRow.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox').filter((box) => box.getAttribute('aria-invalid') === 'true')).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: 'Email, row 2' }));
    await user.tab();
    expect(await screen.findByText(MESSAGES.manualRow.emailRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email, row 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email, row 1' })).not.toHaveAttribute('aria-invalid');
  });

  it('sends every row with one click on Submit after rows were added and an invalid one removed', async () => {
    const { user, call } = renderWithPlatform(<AddManuallyPage />, { handlers: { 'employees.bulkAdd': () => ({ success: true, message: 'ok', count: 2 }) } });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'Email, row 2' }), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(MESSAGES.manualRow.emailInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.queryByText(MESSAGES.manualRow.emailInvalid)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.manualRow.emailRequired)).not.toBeInTheDocument();

    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await fillRow(user, 2, { firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com', employeeNumber: 'E2' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    await waitFor(() => expect(callsTo(call, 'employees.bulkAdd')).toHaveLength(1));
    expect(callsTo(call, 'employees.bulkAdd')[0]?.body).toEqual({
      employees: [
        { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' },
        { firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com', employeeNumber: 'E2' },
      ],
    });
  });

  it('shows the errors of every row on Submit, but not on a row added after it', async () => {
    const { user, call } = renderWithPlatform(<AddManuallyPage />);
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    expect(await screen.findByText(MESSAGES.manualRow.firstNameRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('textbox', { name: 'First Name, row 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'First Name, row 2' })).not.toHaveAttribute('aria-invalid');
    expect(callsTo(call, 'employees.bulkAdd')).toHaveLength(0);
  });

  it('shows the server refusal and puts each row error on its row', async () => {
    const { user, toast, navigate } = renderWithPlatform(<AddManuallyPage />, {
      handlers: {
        'employees.bulkAdd': () => {
          throw new ApiError(409, 'Some employees already exist.', [{ line: 2, field: 'email', message: 'This email is already registered' }]);
        },
      },
    });
    await fillRow(user, 1, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E1' });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await fillRow(user, 2, { firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com', employeeNumber: 'E2' });
    await user.click(screen.getByRole('button', { name: /^Submit/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error: Some employees already exist.'));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email, row 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(navigate).not.toHaveBeenCalled();
  });
});
