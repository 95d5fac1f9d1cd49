import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

export type JourneyGroupsExportQuery = EndpointInput<typeof insightsEndpoints.journeyGroupsExport>['query'];

/** GET journey-groups/export: every group with its figures of one month as CSV text (see exportParticipation). */
export function exportJourneyGroups(api: ApiClient, query: JourneyGroupsExportQuery) {
  return api.call(insightsEndpoints.journeyGroupsExport, { query });
}

/** A download changes nothing on the server, so there is nothing to invalidate. */
export function useExportJourneyGroupsMutation() {
  return useApiMutation(exportJourneyGroups);
}
