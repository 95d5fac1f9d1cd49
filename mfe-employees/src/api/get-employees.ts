import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { employeeKeys, type EmployeesQuery } from './keys';

/** GET employees: the company's approved employees, searched, filtered and paged on the server. */
export function getEmployees(api: ApiClient, query: EmployeesQuery, signal?: AbortSignal) {
  return api.call(employeesEndpoints.list, { query }, { signal });
}

export function employeesQueryOptions(api: ApiClient, query: EmployeesQuery) {
  return queryOptions({ queryKey: employeeKeys.list(query), queryFn: ({ signal }) => getEmployees(api, query, signal) });
}

export function useEmployees(query: EmployeesQuery) {
  const { api } = usePlatform();
  // Keep the previous page on screen while the next one loads, so the table does not jump.
  return useQuery({ ...employeesQueryOptions(api, query), placeholderData: keepPreviousData });
}
