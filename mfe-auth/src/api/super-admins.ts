import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';

export const superAdminsQueryKey = [ENDPOINTS.accounts.superAdmins.id] as const;

export function superAdminsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: superAdminsQueryKey,
    queryFn: ({ signal }) => api.call(ENDPOINTS.accounts.superAdmins, {}, { signal }),
  });
}

/** GET accounts/super-admins (the caller is left out by the server). */
export function useSuperAdmins(enabled = true) {
  const { api } = usePlatform();
  return useQuery({ ...superAdminsQueryOptions(api), enabled });
}
