import type { EmployerListQuery } from './list-employers';

/**
 * Query keys of this remote. Everything about employers hangs under one root so that a mutation can
 * refresh every view of a company (details, incentive, the super admin's list) with one invalidation.
 */
export const employerKeys = {
  all: ['employers'] as const,
  company: (id: string) => ['employers', 'company', id] as const,
  incentive: (id: string) => ['employers', 'incentive', id] as const,
  lists: () => ['employers', 'list'] as const,
  list: (query: EmployerListQuery) => ['employers', 'list', query] as const,
};
