import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, LIMITS, type ApiClient } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

export type EmployeeStatusFilter = 'all' | 'active' | 'deactivated';

export interface EmployeeListQuery {
  pageNumber: number;
  search: string;
  status: EmployeeStatusFilter;
}

export function employeesListQueryOptions(api: ApiClient, q: EmployeeListQuery) {
  return queryOptions({
    queryKey: employeeKeys.list(q),
    queryFn: ({ signal }) =>
      api.call(
        ENDPOINTS.employees.list,
        {
          query: {
            pageNumber: q.pageNumber,
            pageSize: LIMITS.pageSize,
            ...(q.search ? { search: q.search } : {}),
            ...(q.status !== 'all' ? { status: q.status } : {}),
          },
        },
        { signal },
      ),
    // Keep the previous page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useEmployeesList(q: EmployeeListQuery) {
  const { api } = usePlatform();
  return useQuery(employeesListQueryOptions(api, q));
}
