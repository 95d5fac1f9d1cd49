import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** GET accounts/super-admins (the caller is left out by the server). */
export function getSuperAdmins(api: ApiClient, signal?: AbortSignal) {
  return api.call(accountsEndpoints.superAdmins, {}, { signal });
}

export function superAdminsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: adminKeys.superAdmins(), queryFn: ({ signal }) => getSuperAdmins(api, signal) });
}

export function useSuperAdmins(options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...superAdminsQueryOptions(api), ...options });
}
