import type { Co2Query } from './get-co2';
import type { DashboardQuery } from './get-dashboard';
import type { FeedbacksQuery } from './get-feedbacks';
import type { JourneyGroupsQuery } from './get-journey-groups';
import type { ParticipationQuery } from './get-participation';
import type { ParticipationAllTimeQuery } from './get-participation-all-time';
import type { TrendQuery } from './get-trend';

/**
 * Query keys of this remote. The insights are read-only here (trips come from the mobile app), so
 * nothing invalidates them; the keys carry the whole query so that two widgets asking the same
 * question (the tiles and the incentives panel on the same month) share one request.
 */
export const insightKeys = {
  all: ['insights'] as const,
  dashboard: (query: DashboardQuery) => ['insights', 'dashboard', query] as const,
  trend: (query: TrendQuery) => ['insights', 'trend', query] as const,
  participation: (query: ParticipationQuery) => ['insights', 'participation', 'month', query] as const,
  participationAllTime: (query: ParticipationAllTimeQuery) => ['insights', 'participation', 'all-time', query] as const,
  journeyGroups: (query: JourneyGroupsQuery) => ['insights', 'journey-groups', query] as const,
  feedbacks: (query: FeedbacksQuery) => ['insights', 'feedbacks', query] as const,
  co2: (query: Co2Query) => ['insights', 'co2', query] as const,
};
