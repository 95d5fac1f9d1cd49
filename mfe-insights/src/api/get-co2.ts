import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type Co2Query } from './keys';

/** GET journey-groups/co2: the inputs of the CO2 calculation of one month and where the factor comes from. */
export function getCo2(api: ApiClient, query: Co2Query, signal?: AbortSignal) {
  return api.call(insightsEndpoints.co2, { query }, { signal });
}

export function co2QueryOptions(api: ApiClient, query: Co2Query) {
  return queryOptions({ queryKey: insightKeys.co2(query), queryFn: ({ signal }) => getCo2(api, query, signal) });
}

export function useCo2(query: Co2Query) {
  const { api } = usePlatform();
  return useQuery({ ...co2QueryOptions(api, query), placeholderData: keepPreviousData });
}
