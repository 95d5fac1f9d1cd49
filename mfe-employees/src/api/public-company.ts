import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { companyKeys } from './keys';

/** GET employers/{id}: an anonymous caller (the invite page) learns the company id and name only. */
export function publicCompanyQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: companyKeys.publicName(id),
    queryFn: async ({ signal }) => (await api.call(ENDPOINTS.employers.get, { params: { id } }, { signal })).company,
    retry: false,
  });
}

export function usePublicCompany(id: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...publicCompanyQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
