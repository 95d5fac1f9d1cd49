import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audit as auditEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { auditKeys, type AuditLogQuery } from './keys';

/** GET audit-log: one page, newest first; the server scopes an employer to its own company. */
export function getAuditLog(api: ApiClient, query: AuditLogQuery, signal?: AbortSignal) {
  return api.call(auditEndpoints.list, { query }, { signal });
}

export function auditLogQueryOptions(api: ApiClient, query: AuditLogQuery) {
  return queryOptions({ queryKey: auditKeys.list(query), queryFn: ({ signal }) => getAuditLog(api, query, signal) });
}

export function useAuditLog(query: AuditLogQuery) {
  const { api } = usePlatform();
  return useQuery({ ...auditLogQueryOptions(api, query), placeholderData: keepPreviousData });
}
