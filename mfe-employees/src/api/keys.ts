import type { EmployeeListQuery } from './employees-list';
import type { UsersQuery } from './users-list';

/**
 * Query keys of this remote. Every employee mutation invalidates `employeeKeys.all`, so the list,
 * the pending requests (tab and header bell) and open details refresh together.
 */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (q: EmployeeListQuery) => ['employees', 'list', q] as const,
  pending: () => ['employees', 'pending', 'all'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (q: UsersQuery) => ['users', 'list', q] as const,
};

export const companyKeys = {
  publicName: (id: string) => ['employers', 'public', id] as const,
};
