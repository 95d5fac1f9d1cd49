import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

export type ParticipationExportQuery = EndpointInput<typeof insightsEndpoints.participationExport>['query'];

/**
 * GET employees-participation/export: the month's whole ranking as CSV text. The contract declares
 * the answer a `text/csv` string, which the platform's client hands back as it is (it parses JSON
 * only when the body is JSON), with the session, the base URL and the 401 handling of every call.
 */
export function exportParticipation(api: ApiClient, query: ParticipationExportQuery) {
  return api.call(insightsEndpoints.participationExport, { query });
}

/** A download changes nothing on the server, so there is nothing to invalidate. */
export function useExportParticipationMutation() {
  return useApiMutation(exportParticipation);
}
