import { companyQueryKey } from '@portal/shared-contracts/constants';
import type { Company } from '@portal/shared-contracts/entities';
import type { ApiClient } from '@portal/shared-contracts/platform';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET employers/{id}: the full company for a signed-in caller of that company (or a super admin), only
 * id and name otherwise, which the pages reading it treat as a company that is not theirs. The endpoint
 * table is loaded when a company is first asked for, not with this entry: every page's mutations come
 * from this entry (`useApiMutation`), and the public pages would otherwise load every endpoint, form,
 * entity and message of the product.
 */
export async function getCompany(api: ApiClient, id: string, signal?: AbortSignal): Promise<Company> {
  const { ENDPOINTS } = await import('@portal/shared-contracts/endpoints');
  const { company } = await api.call(ENDPOINTS.employers.get, { params: { id } }, { signal });
  if (!('locations' in company)) throw new Error('The company details are not available to this account.');
  return company;
}

/**
 * The company's one query, for every remote: company settings, the setup steps and every office select
 * read the same cache entry, which the shell fills with the company it read at sign-in or restore.
 */
export function companyQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: companyQueryKey(id), queryFn: ({ signal }) => getCompany(api, id, signal) });
}
