import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient, type EndpointInput } from '@portal/shared-contracts';

export type JourneyGroupsExportQuery = EndpointInput<typeof ENDPOINTS.insights.journeyGroupsExport>['query'];

/** GET journey-groups/export: every group with its figures of one month as CSV text (see exportParticipation). */
export function exportJourneyGroups(api: ApiClient, query: JourneyGroupsExportQuery) {
  return api.call(ENDPOINTS.insights.journeyGroupsExport, { query });
}

/** A download changes nothing on the server, so there is nothing to invalidate. */
export function useExportJourneyGroupsMutation() {
  const { api } = usePlatform();
  return useMutation({ mutationFn: (query: JourneyGroupsExportQuery) => exportJourneyGroups(api, query) });
}
