import { releaseFreezes as releaseFreezesEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, CompanyFreeze } from '@portal/shared-contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

const F = releaseFreezesEndpoints;

/** GET releases/freeze: the caller's company's change freeze in force, if any. */
export function companyFreezeQueryOptions(api: ApiClient, companyId: string) {
  return queryOptions({
    queryKey: employerKeys.freeze(companyId),
    queryFn: ({ signal }) => api.call(F.mine, undefined, { signal }),
  });
}

export function useCompanyFreeze(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...companyFreezeQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) });
}

/** A freeze or its end answers the company's freeze as it now is. */
function store(companyId: string) {
  return (queryClient: QueryClient, answer: CompanyFreeze) => queryClient.setQueryData(employerKeys.freeze(companyId), answer);
}

export function useFreezeCompany(companyId: string) {
  return useApiMutation((api, until: string) => api.call(F.freezeMine, { body: { until } }), store(companyId));
}

export function useUnfreezeCompany(companyId: string) {
  return useApiMutation((api, _: void) => api.call(F.unfreezeMine), store(companyId));
}
