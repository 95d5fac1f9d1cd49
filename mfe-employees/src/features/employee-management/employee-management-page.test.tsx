import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type Employee } from '@portal/shared-contracts';
import { companyWithOffices, LEEDS_OFFICE, makeEmployee, YORK_OFFICE } from '../../test/fixtures';
import { callsTo, pageOf, renderWithPlatform, type Handler } from '@portal/testing';
import { EmployeeManagementPage, tabFromQuery } from './employee-management-page';

function listHandler(all: Employee[]): Handler {
  return (input) => {
    const q = (input?.query ?? {}) as { pageNumber: number; pageSize: number; status?: string; search?: string };
    const rows = all
      .filter((e) => (q.status === 'active' ? e.isActive : q.status === 'deactivated' ? !e.isActive : true))
      .filter((e) => !q.search || `${e.firstName} ${e.lastName} ${e.email}`.toLowerCase().includes(q.search.toLowerCase()));
    return pageOf(rows, q.pageNumber, q.pageSize);
  };
}

const staff = () =>
  Array.from({ length: 23 }, (_, i) => makeEmployee({ firstName: `Staff${String(i + 1).padStart(2, '0')}`, lastName: 'Member', isActive: i % 4 !== 0 }));

describe('Employee Management', () => {
  it('reads the tab from ?tab= and counts pending requests on the tab', async () => {
    renderWithPlatform(<EmployeeManagementPage />, {
      query: 'tab=pending-requests',
      handlers: { 'employees.pending': () => pageOf([makeEmployee({ firstName: 'Pat', lastName: 'Pending' })], 1, 100) },
    });
    expect(await screen.findByText('Pat Pending')).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: /Pending Requests/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(within(tab).getByText('1')).toBeInTheDocument();
    expect(tabFromQuery('Pending Requests')).toBe('pending-requests');
    expect(tabFromQuery('nonsense')).toBe('all-employees');
  });

  it('renders the insights tabs through the remote slot', async () => {
    const { user } = renderWithPlatform(<EmployeeManagementPage />, {
      handlers: { 'employees.pending': () => pageOf([], 1, 100), 'employees.list': listHandler([]), 'employers.get': companyWithOffices },
    });
    await user.click(screen.getByRole('tab', { name: 'Employee Participation' }));
    expect(screen.getByTestId('remote-slot')).toHaveTextContent('mfe-insights/ParticipationTab');
    await user.click(screen.getByRole('tab', { name: 'All Journey Groups' }));
    expect(screen.getByTestId('remote-slot')).toHaveTextContent('mfe-insights/JourneyGroupsTab');
  });

  it('All Employees pages, filters and searches on the server', async () => {
    const { user, call } = renderWithPlatform(<EmployeeManagementPage />, {
      handlers: { 'employees.pending': () => pageOf([], 1, 100), 'employees.list': listHandler(staff()), 'employers.get': companyWithOffices },
    });
    expect(await screen.findByText('Staff01 Member')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(callsTo(call, 'employees.list')[0]?.query).toEqual({ pageNumber: 1, pageSize: 10 });
    const row = screen.getByText('Staff01 Member').closest('tr')!;
    expect(within(row).getByRole('button', { name: /^Deactivated/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Deactivated' }));
    await waitFor(() => expect(callsTo(call, 'employees.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, status: 'deactivated' }));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'staff05');
    await waitFor(() =>
      expect(callsTo(call, 'employees.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, status: 'deactivated', search: 'staff05' }),
    );
    expect(await screen.findByText('Staff05 Member')).toBeInTheDocument();
  });

  it('All Employees names each employee\'s office, asking for the company\'s offices once', async () => {
    const people = [
      makeEmployee({ firstName: 'Lee', lastName: 'Leeds', officeId: LEEDS_OFFICE }),
      makeEmployee({ firstName: 'Yan', lastName: 'York', officeId: YORK_OFFICE }),
      makeEmployee({ firstName: 'Nia', lastName: 'Nowhere', officeId: null }),
    ];
    const { call } = renderWithPlatform(<EmployeeManagementPage />, {
      handlers: { 'employees.pending': () => pageOf([], 1, 100), 'employees.list': listHandler(people), 'employers.get': companyWithOffices },
    });
    expect(await screen.findByRole('columnheader', { name: MESSAGES.insights.office })).toBeInTheDocument();
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    await waitFor(() => expect(within(rowOf('Lee Leeds')).getByText('1 Park Row, Leeds')).toBeInTheDocument());
    expect(within(rowOf('Yan York')).getByText('2 Station Road, York')).toBeInTheDocument();
    expect(within(rowOf('Nia Nowhere')).getByText(MESSAGES.insights.noOffice)).toBeInTheDocument();
    expect(callsTo(call, 'employers.get')).toHaveLength(1);
  });

  it('Add Employee offers the three ways in', async () => {
    const { user, navigate } = renderWithPlatform(<EmployeeManagementPage />, {
      handlers: { 'employees.pending': () => pageOf([], 1, 100), 'employees.list': listHandler([]), 'employers.get': companyWithOffices },
    });
    await user.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(screen.getByRole('button', { name: /Import CSV/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy & Share Link/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add Manually/ }));
    expect(navigate).toHaveBeenCalledWith('/add-manually-employee');
  });

  it('Add Employee offers an admin limited to some offices their links only: the import and manual rows are closed to them', async () => {
    const { user } = renderWithPlatform(<EmployeeManagementPage />, {
      session: { offices: [LEEDS_OFFICE] },
      handlers: { 'employees.pending': () => pageOf([], 1, 100), 'employees.list': listHandler([]), 'employers.get': companyWithOffices },
    });
    await user.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(screen.getByRole('button', { name: /Copy & Share Link/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import CSV/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Manually/ })).not.toBeInTheDocument();
  });
});
