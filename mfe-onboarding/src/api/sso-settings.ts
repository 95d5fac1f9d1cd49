import { sso as ssoEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, EndpointInput, SsoSettings } from '@portal/shared-contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

const S = ssoEndpoints;

/** GET sso/settings: the caller's company single sign-on (the client secret is never answered). */
export function ssoSettingsQueryOptions(api: ApiClient, companyId: string) {
  return queryOptions({
    queryKey: employerKeys.sso(companyId),
    queryFn: async ({ signal }) => (await api.call(S.settings, undefined, { signal })).settings,
  });
}

export function useSsoSettings(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...ssoSettingsQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) });
}

/** Every change answers the whole settings: they replace the cached ones. */
function store(companyId: string) {
  return (queryClient: QueryClient, answer: { settings: SsoSettings }) => queryClient.setQueryData(employerKeys.sso(companyId), answer.settings);
}

export function useSaveSsoSettings(companyId: string) {
  return useApiMutation((api, body: EndpointInput<typeof S.saveSettings>['body']) => api.call(S.saveSettings, { body }), store(companyId));
}

export function useRemoveSsoSettings(companyId: string) {
  return useApiMutation((api, _: void) => api.call(S.removeSettings), store(companyId));
}

export function useAddSsoDomain(companyId: string) {
  return useApiMutation((api, domain: string) => api.call(S.addDomain, { body: { domain } }), store(companyId));
}

export function useVerifySsoDomain(companyId: string) {
  return useApiMutation((api, id: string) => api.call(S.verifyDomain, { params: { id } }), store(companyId));
}

export function useRemoveSsoDomain(companyId: string) {
  return useApiMutation((api, id: string) => api.call(S.removeDomain, { params: { id } }), store(companyId));
}
