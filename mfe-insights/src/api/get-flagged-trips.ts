import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type FlaggedTripsQuery } from './keys';

/** GET trips/flagged: the trips waiting for the employer's review, newest first, with why each was flagged. */
export function getFlaggedTrips(api: ApiClient, query: FlaggedTripsQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.flaggedTrips, { query }, { signal });
}

export function flaggedTripsQueryOptions(api: ApiClient, query: FlaggedTripsQuery) {
  return queryOptions({ queryKey: insightKeys.flaggedTrips(query), queryFn: ({ signal }) => getFlaggedTrips(api, query, signal) });
}

export function useFlaggedTrips(query: FlaggedTripsQuery) {
  const { api } = usePlatform();
  return useQuery({ ...flaggedTripsQueryOptions(api, query), placeholderData: keepPreviousData });
}
