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
  list: (query: object) => ['audit-log', query] as const,
};
