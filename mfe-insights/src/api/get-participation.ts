import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type ParticipationQuery } from './keys';

/** GET employees-participation: the ranking of one month, paged. */
export function getParticipation(api: ApiClient, query: ParticipationQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.participation, { query }, { signal });
}

export function participationQueryOptions(api: ApiClient, query: ParticipationQuery) {
  return queryOptions({ queryKey: insightKeys.participation(query), queryFn: ({ signal }) => getParticipation(api, query, signal) });
}

export function useParticipation(query: ParticipationQuery) {
  const { api } = usePlatform();
  return useQuery({ ...participationQueryOptions(api, query), placeholderData: keepPreviousData });
}
