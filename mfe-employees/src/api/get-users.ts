import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { userKeys, type UsersQuery } from './keys';

/** GET users (super admin): employees and employer users, searched and filtered on the server. */
export function getUsers(api: ApiClient, query: UsersQuery, signal?: AbortSignal) {
  return api.call(ENDPOINTS.accounts.users, { query }, { signal });
}

export function usersQueryOptions(api: ApiClient, query: UsersQuery) {
  return queryOptions({ queryKey: userKeys.list(query), queryFn: ({ signal }) => getUsers(api, query, signal) });
}

export function useUsers(query: UsersQuery) {
  const { api } = usePlatform();
  return useQuery({ ...usersQueryOptions(api, query), placeholderData: keepPreviousData });
}
