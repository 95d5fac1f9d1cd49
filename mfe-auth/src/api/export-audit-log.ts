import { audit as auditEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

export type AuditExportQuery = NonNullable<EndpointInput<typeof auditEndpoints.export>['query']>;

/** GET audit-log/export: the filtered log as CSV text (the contract's `text/csv` answer, handed back as it is). */
export function exportAuditLog(api: ApiClient, query: AuditExportQuery) {
  return api.call(auditEndpoints.export, { query });
}

/** A download changes nothing on the server, so there is nothing to invalidate. */
export function useExportAuditLogMutation() {
  return useApiMutation(exportAuditLog);
}
