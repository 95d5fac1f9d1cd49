import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { __CAMEL__Keys } from './keys';

/** GET employers/{id}: the signed-in employer's company (one file per endpoint, decision 12). */
export function getCompany(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.call(ENDPOINTS.employers.get, { params: { id } }, { signal });
}

export function companyQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: __CAMEL__Keys.company(id), queryFn: ({ signal }) => getCompany(api, id, signal) });
}

export function useCompany(id: string) {
  const { api } = usePlatform();
  return useQuery(companyQueryOptions(api, id));
}
