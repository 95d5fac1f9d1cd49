import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshInsights } from './keys';

export type TripDecision = 'confirm' | 'reject';

/**
 * POST trips/{id}/confirm or trips/{id}/reject: the employer's decision on a flagged trip. A
 * confirmed trip joins every figure (the dashboard, the rankings, CO2, the groups), so every
 * insight is asked again; a rejected one leaves the review list.
 */
export function decideTrip(api: ApiClient, input: { id: string; decision: TripDecision }) {
  const endpoint = input.decision === 'confirm' ? insightsEndpoints.confirmTrip : insightsEndpoints.rejectTrip;
  return api.call(endpoint, { params: { id: input.id } });
}

export function useDecideTripMutation() {
  return useApiMutation(decideTrip, refreshInsights);
}
