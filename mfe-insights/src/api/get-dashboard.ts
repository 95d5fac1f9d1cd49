import { queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type DashboardQuery } from './keys';

/** GET dashboard/summary: the tiles and the incentives panel of one month. */
export function getDashboard(api: ApiClient, query: DashboardQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.dashboard, { query }, { signal });
}

export function dashboardQueryOptions(api: ApiClient, query: DashboardQuery) {
  return queryOptions({ queryKey: insightKeys.dashboard(query), queryFn: ({ signal }) => getDashboard(api, query, signal) });
}

export function useDashboard(query: DashboardQuery) {
  const { api } = usePlatform();
  return useQuery(dashboardQueryOptions(api, query));
}
