import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { driverKeys, type DriversPageQuery } from './keys';

/** GET drivers/page: one page of pending or approved drivers, searched and filtered on the server. */
export function getDriversPage(api: ApiClient, query: DriversPageQuery, signal?: AbortSignal) {
  return api.call(driversEndpoints.page, { query }, { signal });
}

export function driversPageQueryOptions(api: ApiClient, query: DriversPageQuery) {
  return queryOptions({ queryKey: driverKeys.page(query), queryFn: ({ signal }) => getDriversPage(api, query, signal) });
}

export function useDriversPage(query: DriversPageQuery) {
  const { api } = usePlatform();
  // Keep the previous page on screen while the next one loads, so the table does not jump.
  return useQuery({ ...driversPageQueryOptions(api, query), placeholderData: keepPreviousData });
}
