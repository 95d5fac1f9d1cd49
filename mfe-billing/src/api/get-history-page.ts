import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billing as billingEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { billingKeys, type HistoryPageQuery } from './keys';

/** GET payment-history/page: one page of the company's invoices, newest first. */
export function getHistoryPage(api: ApiClient, query: HistoryPageQuery, signal?: AbortSignal) {
  return api.call(billingEndpoints.historyPage, { query }, { signal });
}

export function historyPageQueryOptions(api: ApiClient, query: HistoryPageQuery) {
  return queryOptions({ queryKey: billingKeys.historyPage(query), queryFn: ({ signal }) => getHistoryPage(api, query, signal) });
}

export function useHistoryPage(query: HistoryPageQuery) {
  const { api } = usePlatform();
  // Keep the previous page on screen while the next one loads, so the table does not jump.
  return useQuery({ ...historyPageQueryOptions(api, query), placeholderData: keepPreviousData });
}
