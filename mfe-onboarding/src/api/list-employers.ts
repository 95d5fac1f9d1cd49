import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys, type EmployerListQuery } from './keys';

/** GET /employers: searched and filtered on the server, one page at a time. */
export function getEmployers(api: ApiClient, query: EmployerListQuery, signal?: AbortSignal) {
  return api.call(employersEndpoints.list, { query }, { signal });
}

export function employersQueryOptions(api: ApiClient, query: EmployerListQuery) {
  return queryOptions({ queryKey: employerKeys.list(query), queryFn: ({ signal }) => getEmployers(api, query, signal) });
}

export function useEmployers(query: EmployerListQuery, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  // Keep the previous page on screen while the next one (or a new search) loads.
  return useQuery({ ...employersQueryOptions(api, query), placeholderData: keepPreviousData, ...options });
}
