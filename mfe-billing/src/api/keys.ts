import type { QueryClient } from '@tanstack/react-query';
import type { Billing } from '@portal/shared-contracts';
import type { BillingQuery } from './get-billing';
import type { HistoryPageQuery } from './get-history-page';

/**
 * Query keys of this remote, all under `['billing']` (the shell's query client is shared by every
 * remote). Cancel and resume answer with the billing as it now stands, so the page shows it without
 * asking again; the invoices do not change with either.
 */
export const billingKeys = {
  all: ['billing'] as const,
  infoAll: ['billing', 'info'] as const,
  info: (query: BillingQuery) => ['billing', 'info', query] as const,
  historyPage: (query: HistoryPageQuery) => ['billing', 'history', query] as const,
};

/** What cancel and resume refresh: every billing answer held, from the one the server just gave. */
export function refreshBilling(queryClient: QueryClient, answer: { billing: Billing }) {
  queryClient.setQueriesData<Billing>({ queryKey: billingKeys.infoAll }, answer.billing);
}
