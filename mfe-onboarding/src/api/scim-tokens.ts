import { scim as scimEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

const S = scimEndpoints;

/** GET scim/tokens: the company's provisioning tokens (never the tokens themselves) and the base URL. */
export function scimTokensQueryOptions(api: ApiClient, companyId: string) {
  return queryOptions({
    queryKey: employerKeys.scimTokens(companyId),
    queryFn: async ({ signal }) => {
      const { baseUrl, tokens } = await api.call(S.listTokens, undefined, { signal });
      return { baseUrl, tokens };
    },
  });
}

export function useScimTokens(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...scimTokensQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) });
}

const refetch = (companyId: string) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: employerKeys.scimTokens(companyId) });

export function useCreateScimToken(companyId: string) {
  return useApiMutation((api, name: string) => api.call(S.createToken, { body: { name } }), refetch(companyId));
}

export function useRevokeScimToken(companyId: string) {
  return useApiMutation((api, id: string) => api.call(S.revokeToken, { params: { id } }), refetch(companyId));
}
