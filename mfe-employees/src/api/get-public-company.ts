import { queryOptions, useQuery } from '@tanstack/react-query';
import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { companyKeys } from './keys';

/** GET employers/{id}: an anonymous caller (the invite page) learns the company id and name only. */
export async function getPublicCompany(api: ApiClient, id: string, signal?: AbortSignal) {
  return (await api.call(employersEndpoints.get, { params: { id } }, { signal })).company;
}

export function publicCompanyQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: companyKeys.publicName(id), queryFn: ({ signal }) => getPublicCompany(api, id, signal), retry: false });
}

/** The company, or nothing while no id is given. */
export function usePublicCompany(id: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...publicCompanyQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
