import { queryOptions, useQuery } from '@tanstack/react-query';
import { billing as billingEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { billingKeys, type BillingQuery } from './keys';

/** GET payment-billing: the company's subscription, fee, payment method and end of the paid period. */
export function getBilling(api: ApiClient, query: BillingQuery, signal?: AbortSignal) {
  return api.call(billingEndpoints.billing, { query }, { signal });
}

export function billingQueryOptions(api: ApiClient, query: BillingQuery) {
  return queryOptions({ queryKey: billingKeys.info(query), queryFn: ({ signal }) => getBilling(api, query, signal) });
}

export function useBilling(query: BillingQuery) {
  const { api } = usePlatform();
  return useQuery(billingQueryOptions(api, query));
}
