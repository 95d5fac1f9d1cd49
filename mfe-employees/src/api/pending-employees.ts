import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, LIMITS, usePlatform, type ApiClient, type Employee } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** The spec reads pending requests 100 at a time until no page is left, then pages them locally. */
export async function fetchAllPending(api: ApiClient, signal?: AbortSignal): Promise<Employee[]> {
  const all: Employee[] = [];
  // A hard stop guards against a server that keeps answering hasNextPage.
  for (let pageNumber = 1; pageNumber <= 1000; pageNumber += 1) {
    const page = await api.call(
      ENDPOINTS.employees.pending,
      { query: { pageNumber, pageSize: LIMITS.pendingFetchPageSize } },
      { signal },
    );
    all.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) break;
  }
  return all;
}

export function pendingEmployeesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: employeeKeys.pending(),
    queryFn: ({ signal }) => fetchAllPending(api, signal),
  });
}

export interface UsePendingOptions {
  enabled?: boolean;
  refetchIntervalMs?: number;
}

export function usePendingEmployees({ enabled = true, refetchIntervalMs }: UsePendingOptions = {}) {
  const { api } = usePlatform();
  return useQuery({
    ...pendingEmployeesQueryOptions(api),
    enabled,
    ...(refetchIntervalMs ? { refetchInterval: refetchIntervalMs } : {}),
  });
}
