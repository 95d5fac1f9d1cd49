import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, Company } from '@portal/shared-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys } from './keys';

/**
 * GET employers/{id}. The answer is the full company for a signed-in caller and only id + name for an
 * anonymous one; this remote is always signed in, so the short shape means the company is not ours.
 */
export async function getCompany(api: ApiClient, id: string, signal?: AbortSignal): Promise<Company> {
  const answer = await api.call(employersEndpoints.get, { params: { id } }, { signal });
  const company = answer.company;
  if (!('email' in company)) throw new Error('The company details are not available to this account.');
  return company;
}

export function companyQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: employerKeys.company(id), queryFn: ({ signal }) => getCompany(api, id, signal) });
}

/** The company, or nothing while there is no company id yet (setup step 1 in add mode). */
export function useCompany(id: string | null | undefined, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...companyQueryOptions(api, id ?? ''), enabled: Boolean(id) && options.enabled !== false });
}
