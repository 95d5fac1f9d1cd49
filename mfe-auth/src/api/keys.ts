import type { ENDPOINTS, EndpointQuery } from '@portal/shared-contracts';

// The query the audit log's keys carry, as the contract types it (get-audit-log.ts imports it from here).
export type AuditLogQuery = EndpointQuery<typeof ENDPOINTS.audit.list>;

/**
 * Query keys of this remote. Both admin lists hang under one root, so that adding or removing a user
 * refreshes whichever list is on screen with one invalidation.
 */
export const adminKeys = {
  all: ['admins'] as const,
  superAdmins: () => ['admins', 'super-admins'] as const,
  employerAdmins: (employerId: string) => ['admins', 'employer', employerId] as const,
};

/** The audit log's pages, by their filters and page. */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogQuery) => ['audit-log', query] as const,
};
