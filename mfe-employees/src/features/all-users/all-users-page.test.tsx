import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type UserListItem } from '@portal/shared-contracts';
import { makeEmployee, makeUser } from '../../test/fixtures';
import { callsTo, pageOf, renderWithPlatform, uuid, type Handler } from '@portal/testing';
import { AllUsersPage } from './all-users-page';

const superAdmin = {
  userId: uuid(),
  role: 'SuperAdmin' as const,
  name: 'Root',
  email: 'root@example.com',
  employerId: null,
  employerUserId: null,
  signUpState: 3,
  companyDetails: null,
};

function usersHandler(all: UserListItem[]): Handler {
  return (input) => {
    const q = (input?.query ?? {}) as { pageNumber: number; pageSize: number; type?: string; search?: string };
    const rows = all.filter((u) => (q.type === 'Employees' ? u.role === 'Employee' : q.type === 'Employers' ? u.role !== 'Employee' : true));
    return pageOf(rows, q.pageNumber, q.pageSize);
  };
}

const many = (): UserListItem[] =>
  Array.from({ length: 25 }, (_, i) =>
    makeUser({ firstName: `User${String(i + 1).padStart(2, '0')}`, lastName: 'Test', phoneNumber: i === 0 ? null : '07700 900123', role: i % 5 === 0 ? 'Employer' : 'Employee' }),
  );

describe('All Users', () => {
  it('lists users with N/A for a missing phone and pages 10 at a time', async () => {
    const { user, call } = renderWithPlatform(<AllUsersPage />, { session: superAdmin, handlers: { 'accounts.users': usersHandler(many()) } });
    const first = (await screen.findByText('User01 Test')).closest('tr')!;
    expect(within(first).getByText('N/A')).toBeInTheDocument();
    expect(within(first).getByText('Employer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /All Users\s*\(25\)/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('User11 Test')).toBeInTheDocument();
    expect(callsTo(call, 'accounts.users').at(-1)?.query).toEqual({ pageNumber: 2, pageSize: 10 });
  });

  it('names each user’s company and writes phone numbers through the one formatter', async () => {
    const people = [
      makeUser({ firstName: 'Alexander', lastName: 'Marshall', email: 'alex@acme.test', phoneNumber: '+44 07700 742636', companyName: 'Acme Ltd', companyCountry: 'GB' }),
      makeUser({ firstName: 'Alexander', lastName: 'Marshall', email: 'alex@dublin.test', phoneNumber: '+44 7700 742636', companyName: 'Dublin Bikes', companyCountry: 'IE' }),
      makeUser({ firstName: 'Nina', lastName: 'New', role: 'Employer', companyId: null, companyName: null, companyCountry: null }),
    ];
    renderWithPlatform(<AllUsersPage />, { session: superAdmin, handlers: { 'accounts.users': usersHandler(people) } });
    expect(await screen.findByRole('columnheader', { name: MESSAGES.allUsersScreen.columns.company })).toBeInTheDocument();
    const [acme, dublin, nina] = (await screen.findAllByRole('row')).slice(1);
    expect(within(acme!).getByText('Acme Ltd')).toBeInTheDocument();
    // A number of the company's own country nationally, another's internationally, never "+44 0".
    expect(await within(acme!).findByText('07700 742636')).toBeInTheDocument();
    expect(within(dublin!).getByText('Dublin Bikes')).toBeInTheDocument();
    expect(await within(dublin!).findByText('+44 7700 742636')).toBeInTheDocument();
    expect(within(nina!).getByText(MESSAGES.admins.noCompanyYet)).toBeInTheDocument();
  });

  it('filters by account type and searches on the server', async () => {
    const { user, call } = renderWithPlatform(<AllUsersPage />, { session: superAdmin, handlers: { 'accounts.users': usersHandler(many()) } });
    await screen.findByText('User01 Test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account type' }), 'Employers');
    await waitFor(() => expect(callsTo(call, 'accounts.users').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, type: 'Employers' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'acme');
    await waitFor(() =>
      expect(callsTo(call, 'accounts.users').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, type: 'Employers', search: 'acme' }),
    );
  });

  it('opens the employee modal for an employee and the employer modal slot for an employer', async () => {
    const users = many();
    const employee = makeEmployee({
      id: users[1]!.id,
      firstName: 'User02',
      lastName: 'Test',
      isActive: false,
      vehicle: { make: 'Ford', model: 'Focus', yearManufactured: null, color: null, registrationNumber: 'XY70 ABC', isVerified: false },
      postalCode: { value: 'LS1 4AP' },
    });
    const { user } = renderWithPlatform(<AllUsersPage />, {
      session: superAdmin,
      handlers: { 'accounts.users': usersHandler(users), 'employees.get': () => ({ success: true, message: 'ok', employee }) },
    });
    await screen.findByText('User02 Test');
    await user.click(screen.getByRole('button', { name: 'See more about User02 Test' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Driver')).toBeInTheDocument();
    expect(within(dialog).getByText('Disabled')).toBeInTheDocument();
    expect(within(dialog).getByText('UT')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Vehicle Make')).toHaveValue('Ford');
    expect(within(dialog).getByLabelText('Year')).toHaveValue('N/A');
    expect(within(dialog).getByLabelText('Postal Code')).toHaveValue('LS1 4AP');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'See more about User01 Test' }));
    expect(screen.getByTestId('remote-slot')).toHaveTextContent('mfe-onboarding/EmployerModal');
  });

  it("labels an employer's admin user apart and opens its own details, the company's only on request", async () => {
    const companyId = uuid();
    const admin = makeUser({ firstName: 'Ada', lastName: 'Admin', role: 'Admin', companyId, email: 'ada@acme.example' });
    const owner = makeUser({ firstName: 'Erin', lastName: 'Owner', role: 'Employer', companyId });
    const { user } = renderWithPlatform(<AllUsersPage />, { session: superAdmin, handlers: { 'accounts.users': usersHandler([admin, owner]) } });
    const row = (await screen.findByText('Ada Admin')).closest('tr')!;
    expect(within(row).getByText(MESSAGES.labels.accountTypes.Admin)).toBeInTheDocument();
    expect(within(screen.getByText('Erin Owner').closest('tr')!).getByText(MESSAGES.labels.accountTypes.Employer)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See more about Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(within(dialog).getByText(MESSAGES.labels.accountTypes.Admin)).toBeInTheDocument();
    expect(within(dialog).getByText('ada@acme.example')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: MESSAGES.labels.deleteUser })).not.toBeInTheDocument();
    expect(screen.queryByTestId('remote-slot')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: MESSAGES.employers.detailsTitle }));
    expect(await screen.findByTestId('remote-slot')).toHaveTextContent('mfe-onboarding/EmployerModal');
    expect(screen.queryByRole('dialog', { name: 'Ada Admin' })).not.toBeInTheDocument();
  });
});
