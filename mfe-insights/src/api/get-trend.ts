import { queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type TrendQuery } from './keys';

/** GET dashboard/trend: trips, miles, CO2 saved and participants of the 12 months ending with the month asked. */
export function getTrend(api: ApiClient, query: TrendQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.trend, { query }, { signal });
}

export function trendQueryOptions(api: ApiClient, query: TrendQuery) {
  return queryOptions({ queryKey: insightKeys.trend(query), queryFn: ({ signal }) => getTrend(api, query, signal) });
}

export function useTrend(query: TrendQuery) {
  const { api } = usePlatform();
  return useQuery(trendQueryOptions(api, query));
}
