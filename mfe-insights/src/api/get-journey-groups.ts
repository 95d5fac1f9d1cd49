import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type JourneyGroupsQuery } from './keys';

/** GET journey-groups: the groups with their figures, paged (all time unless a month is given). */
export function getJourneyGroups(api: ApiClient, query: JourneyGroupsQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.journeyGroups, { query }, { signal });
}

export function journeyGroupsQueryOptions(api: ApiClient, query: JourneyGroupsQuery) {
  return queryOptions({ queryKey: insightKeys.journeyGroups(query), queryFn: ({ signal }) => getJourneyGroups(api, query, signal) });
}

export function useJourneyGroups(query: JourneyGroupsQuery) {
  const { api } = usePlatform();
  return useQuery({ ...journeyGroupsQueryOptions(api, query), placeholderData: keepPreviousData });
}
