import type { QueryClient } from '@tanstack/react-query';
import type { Company, EndpointQuery, ENDPOINTS } from '@portal/shared-contracts';
import { companyQueryKey } from '@portal/shared-contracts/constants';

// The queries the keys carry, as the contract types them (the calls in get-*.ts import them from here).
export type AwaitingSetupQuery = EndpointQuery<typeof ENDPOINTS.employers.awaitingSetup>;
export type EmployerListQuery = EndpointQuery<typeof ENDPOINTS.employers.list>;

/**
 * Query keys of this remote. Everything about employers hangs under one root so that a mutation can
 * refresh every view of a company (details, incentive, the super admin's list) with one invalidation.
 */
export const employerKeys = {
  all: ['employers'] as const,
  companies: () => ['employers', 'company'] as const,
  company: (id: string) => companyQueryKey(id),
  incentive: (id: string) => ['employers', 'incentive', id] as const,
  sso: (id: string) => ['employers', 'sso', id] as const,
  reporting: (id: string) => ['employers', 'reporting', id] as const,
  scimTokens: (id: string) => ['employers', 'scim-tokens', id] as const,
  freeze: (id: string) => ['employers', 'freeze', id] as const,
  monthlyReports: (id: string) => ['employers', 'monthly-reports', id] as const,
  lists: () => ['employers', 'list'] as const,
  list: (query: EmployerListQuery) => ['employers', 'list', query] as const,
  /** The scheme's settings (back office): not a company's, under the same root for one cache per remote. */
  schemeSettings: () => ['employers', 'scheme-settings'] as const,
  awaitingSetup: (query: AwaitingSetupQuery) => ['employers', 'list', 'awaiting-setup', query] as const,
};

/** After a company is created or updated: the answer is its details, and the lists may show it differently. */
export function storeSavedCompany(queryClient: QueryClient, answer: { id: string; company: Company }) {
  queryClient.setQueryData(employerKeys.company(answer.id), answer.company);
  return queryClient.invalidateQueries({ queryKey: employerKeys.lists() });
}
