import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { insightKeys, type FeedbacksQuery } from './keys';

/** GET feedbacks: employees' feedback, newest first, with full name and employee number. */
export function getFeedbacks(api: ApiClient, query: FeedbacksQuery, signal?: AbortSignal) {
  return api.call(insightsEndpoints.feedbacks, { query }, { signal });
}

export function feedbacksQueryOptions(api: ApiClient, query: FeedbacksQuery) {
  return queryOptions({ queryKey: insightKeys.feedbacks(query), queryFn: ({ signal }) => getFeedbacks(api, query, signal) });
}

export function useFeedbacks(query: FeedbacksQuery) {
  const { api } = usePlatform();
  return useQuery({ ...feedbacksQueryOptions(api, query), placeholderData: keepPreviousData });
}
