import type { QueryClient } from '@tanstack/react-query';
import type { ENDPOINTS, EndpointQuery } from '@portal/shared-contracts';

// The queries the keys carry, as the contract types them (the calls in get-*.ts import them from here).
export type Co2Query = EndpointQuery<typeof ENDPOINTS.insights.co2>;
export type DashboardQuery = EndpointQuery<typeof ENDPOINTS.insights.dashboard>;
export type FeedbacksQuery = EndpointQuery<typeof ENDPOINTS.insights.feedbacks>;
export type FlaggedTripsQuery = EndpointQuery<typeof ENDPOINTS.insights.flaggedTrips>;
export type JourneyGroupsQuery = EndpointQuery<typeof ENDPOINTS.insights.journeyGroups>;
export type ParticipationQuery = EndpointQuery<typeof ENDPOINTS.insights.participation>;
export type ParticipationAllTimeQuery = EndpointQuery<typeof ENDPOINTS.insights.participationAllTime>;
export type TrendQuery = EndpointQuery<typeof ENDPOINTS.insights.trend>;

/**
 * Query keys of this remote. The keys carry the whole query so that two widgets asking the same
 * question (the tiles and the incentives panel on the same month) share one request. Trips come
 * from the mobile app, so only the employer's own changes (journey groups, the emission setting, a
 * decision on a flagged trip) invalidate anything here.
 */
export const insightKeys = {
  all: ['insights'] as const,
  dashboards: ['insights', 'dashboard'] as const,
  dashboard: (query: DashboardQuery) => ['insights', 'dashboard', query] as const,
  trend: (query: TrendQuery) => ['insights', 'trend', query] as const,
  participation: (query: ParticipationQuery) => ['insights', 'participation', 'month', query] as const,
  participationAllTime: (query: ParticipationAllTimeQuery) => ['insights', 'participation', 'all-time', query] as const,
  allJourneyGroups: ['insights', 'journey-groups'] as const,
  journeyGroups: (query: JourneyGroupsQuery) => ['insights', 'journey-groups', query] as const,
  feedbacks: (query: FeedbacksQuery) => ['insights', 'feedbacks', query] as const,
  co2: (query: Co2Query) => ['insights', 'co2', query] as const,
  flaggedTrips: (query: FlaggedTripsQuery) => ['insights', 'flagged-trips', query] as const,
};

/** What a created, renamed or deleted group changes: the groups' pages and the dashboard's count of groups. */
export function refreshJourneyGroups(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: insightKeys.allJourneyGroups }),
    queryClient.invalidateQueries({ queryKey: insightKeys.dashboards }),
  ]);
}

/** The emission setting or a confirmed trip changes figures of every kind, so all of them are asked again. */
export function refreshInsights(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: insightKeys.all });
}
