import { ENDPOINTS, usePlatform, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys } from './keys';

export type EmployerListQuery = NonNullable<EndpointInput<typeof ENDPOINTS.employers.list>['query']>;

/** GET /employers: searched and filtered on the server, one page at a time. */
export function listEmployers(api: ApiClient, query: EmployerListQuery) {
  return api.call(ENDPOINTS.employers.list, { query });
}

export const employersQueryOptions = (api: ApiClient, query: EmployerListQuery) =>
  queryOptions({ queryKey: employerKeys.list(query), queryFn: () => listEmployers(api, query) });

export function useEmployers(query: EmployerListQuery) {
  const { api } = usePlatform();
  // Keep the previous page on screen while the next one (or a new search) loads.
  return useQuery({ ...employersQueryOptions(api, query), placeholderData: keepPreviousData });
}
