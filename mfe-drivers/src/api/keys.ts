import type { QueryClient } from '@tanstack/react-query';
import type { ENDPOINTS, EndpointQuery } from '@portal/shared-contracts';

// The queries the keys carry, as the contract types them (the calls in get-*.ts import them from here).
export type DriversPageQuery = EndpointQuery<typeof ENDPOINTS.drivers.page>;

/**
 * Query keys of this remote, all under `['drivers']` (the shell's query client is shared by every
 * remote). Every decision invalidates `driverKeys.all`, so both lists, open details and the header
 * bell refresh together.
 */
export const driverKeys = {
  all: ['drivers'] as const,
  page: (query: DriversPageQuery) => ['drivers', 'page', query] as const,
  detail: (id: string) => ['drivers', 'detail', id] as const,
  notifications: () => ['drivers', 'notifications'] as const,
};

/** What every verification and rejection refreshes. */
export function refreshDrivers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: driverKeys.all });
}
