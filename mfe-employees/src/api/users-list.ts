import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, LIMITS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { userKeys } from './keys';

export type UserTypeFilter = 'All' | 'Employees' | 'Employers';

export interface UsersQuery {
  pageNumber: number;
  search: string;
  type: UserTypeFilter;
}

/** GET /users (super admin): employees and employer users, searched and filtered on the server. */
export function usersQueryOptions(api: ApiClient, q: UsersQuery) {
  return queryOptions({
    queryKey: userKeys.list(q),
    queryFn: ({ signal }) =>
      api.call(
        ENDPOINTS.accounts.users,
        {
          query: {
            pageNumber: q.pageNumber,
            pageSize: LIMITS.pageSize,
            ...(q.search ? { search: q.search } : {}),
            ...(q.type !== 'All' ? { type: q.type } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(q: UsersQuery) {
  const { api } = usePlatform();
  return useQuery(usersQueryOptions(api, q));
}
