import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** GET employers/{id}/incentive: null before the rules are first saved. */
export async function getIncentive(api: ApiClient, companyId: string) {
  const answer = await api.call(ENDPOINTS.employers.getIncentive, { params: { id: companyId } });
  return answer.incentive;
}

export const incentiveQueryOptions = (api: ApiClient, companyId: string) =>
  queryOptions({ queryKey: employerKeys.incentive(companyId), queryFn: () => getIncentive(api, companyId) });

export function useIncentive(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...incentiveQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) });
}
