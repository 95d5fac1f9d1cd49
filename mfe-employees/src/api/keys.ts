import type { QueryClient } from '@tanstack/react-query';
import type { ENDPOINTS, EndpointQuery } from '@portal/shared-contracts';

// The queries the keys carry, as the contract types them (the calls in get-*.ts import them from here).
export type EmployeesQuery = EndpointQuery<typeof ENDPOINTS.employees.list>;
export type UsersQuery = EndpointQuery<typeof ENDPOINTS.accounts.users>;

/**
 * Query keys of this remote. Every employee mutation invalidates `employeeKeys.all`, so the list,
 * the pending requests (tab and header bell) and open details refresh together.
 */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (query: EmployeesQuery) => ['employees', 'list', query] as const,
  pending: () => ['employees', 'pending', 'all'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
};

export const companyKeys = {
  publicName: (id: string) => ['employers', 'public', id] as const,
};

/** What every employee mutation refreshes. */
export function refreshEmployees(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}
