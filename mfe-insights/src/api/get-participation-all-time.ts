import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type ParticipationAllTimeQuery } from './keys';

/** GET employee-participation: the ranking over all time, paged (the Employee Participation tab). */
export function getParticipationAllTime(api: ApiClient, query: ParticipationAllTimeQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.participationAllTime, { query }, { signal });
}

export function participationAllTimeQueryOptions(api: ApiClient, query: ParticipationAllTimeQuery) {
  return queryOptions({ queryKey: insightKeys.participationAllTime(query), queryFn: ({ signal }) => getParticipationAllTime(api, query, signal) });
}

export function useParticipationAllTime(query: ParticipationAllTimeQuery) {
  const { api } = usePlatform();
  return useQuery({ ...participationAllTimeQueryOptions(api, query), placeholderData: keepPreviousData });
}
