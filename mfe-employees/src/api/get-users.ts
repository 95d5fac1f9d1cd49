import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { userKeys, type UsersQuery } from './keys';

/** GET users (super admin): employees and employer users, searched and filtered on the server. */
export function getUsers(api: ApiClient, query: UsersQuery, signal?: AbortSignal) {
  return api.call(accountsEndpoints.users, { query }, { signal });
}

export function usersQueryOptions(api: ApiClient, query: UsersQuery) {
  return queryOptions({ queryKey: userKeys.list(query), queryFn: ({ signal }) => getUsers(api, query, signal) });
}

export function useUsers(query: UsersQuery) {
  const { api } = usePlatform();
  return useQuery({ ...usersQueryOptions(api, query), placeholderData: keepPreviousData });
}
