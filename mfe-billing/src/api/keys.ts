import type { QueryClient } from '@tanstack/react-query';
import type { Billing, EndpointQuery, ENDPOINTS } from '@portal/shared-contracts';

// The queries the keys carry, as the contract types them (the calls in get-*.ts import them from here).
export type BillingQuery = EndpointQuery<typeof ENDPOINTS.billing.billing>;
export type HistoryPageQuery = EndpointQuery<typeof ENDPOINTS.billing.historyPage>;

/**
 * Query keys of this remote, all under `['billing']` (the shell's query client is shared by every
 * remote). Start, cancel and resume answer with the billing as it now stands, so the page shows it
 * without asking again; only starting changes the invoices (its first one).
 */
export const billingKeys = {
  all: ['billing'] as const,
  infoAll: ['billing', 'info'] as const,
  info: (query: BillingQuery) => ['billing', 'info', query] as const,
  historyAll: ['billing', 'history'] as const,
  historyPage: (query: HistoryPageQuery) => ['billing', 'history', query] as const,
};

/** What cancel and resume refresh: every billing answer held, from the one the server just gave. */
export function refreshBilling(queryClient: QueryClient, answer: { billing: Billing }) {
  queryClient.setQueriesData<Billing>({ queryKey: billingKeys.infoAll }, answer.billing);
}

/** Starting the subscription issues its first invoice: the history is read again too. */
export function refreshAfterStart(queryClient: QueryClient, answer: { billing: Billing }) {
  refreshBilling(queryClient, answer);
  return queryClient.invalidateQueries({ queryKey: billingKeys.historyAll });
}
