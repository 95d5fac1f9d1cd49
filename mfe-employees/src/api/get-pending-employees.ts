import { queryOptions, useQuery } from '@tanstack/react-query';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import { LIMITS } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, Employee } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** GET employees/pending: the spec reads every page, 100 at a time, and pages the requests locally. */
export async function getPendingEmployees(api: ApiClient, signal?: AbortSignal): Promise<Employee[]> {
  const all: Employee[] = [];
  // A hard stop guards against a server that keeps answering hasNextPage.
  for (let pageNumber = 1; pageNumber <= 1000; pageNumber += 1) {
    const page = await api.call(employeesEndpoints.pending, { query: { pageNumber, pageSize: LIMITS.pendingFetchPageSize } }, { signal });
    all.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) break;
  }
  return all;
}

export function pendingEmployeesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: employeeKeys.pending(), queryFn: ({ signal }) => getPendingEmployees(api, signal) });
}

export function usePendingEmployees(options: { enabled?: boolean; refetchInterval?: number } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...pendingEmployeesQueryOptions(api), ...options });
}
