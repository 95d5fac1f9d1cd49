import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** GET employers/{id}/incentive: null before the rules are first saved. */
export async function getIncentive(api: ApiClient, companyId: string, signal?: AbortSignal) {
  const answer = await api.call(employersEndpoints.getIncentive, { params: { id: companyId } }, { signal });
  return answer.incentive;
}

export function incentiveQueryOptions(api: ApiClient, companyId: string) {
  return queryOptions({ queryKey: employerKeys.incentive(companyId), queryFn: ({ signal }) => getIncentive(api, companyId, signal) });
}

/** The company's incentive rules, or nothing while there is no company id. */
export function useIncentive(companyId: string | null | undefined, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...incentiveQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) && options.enabled !== false });
}
