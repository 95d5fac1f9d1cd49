import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

export type JourneyGroupsExportQuery = EndpointInput<typeof ENDPOINTS.insights.journeyGroupsExport>['query'];

/** GET journey-groups/export: every group with its figures of one month as CSV text (see exportParticipation). */
export function exportJourneyGroups(api: ApiClient, query: JourneyGroupsExportQuery) {
  return api.call(ENDPOINTS.insights.journeyGroupsExport, { query });
}

/** A download changes nothing on the server, so there is nothing to invalidate. */
export function useExportJourneyGroupsMutation() {
  return useApiMutation(exportJourneyGroups);
}
