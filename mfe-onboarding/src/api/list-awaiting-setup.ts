import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employerKeys, type AwaitingSetupQuery } from './keys';

/** GET employers/awaiting-setup: the employer accounts without a company yet, newest first, a page at a time. */
export function getAwaitingSetup(api: ApiClient, query: AwaitingSetupQuery, signal?: AbortSignal) {
  return api.call(employersEndpoints.awaitingSetup, { query }, { signal });
}

export function awaitingSetupQueryOptions(api: ApiClient, query: AwaitingSetupQuery) {
  return queryOptions({ queryKey: employerKeys.awaitingSetup(query), queryFn: ({ signal }) => getAwaitingSetup(api, query, signal) });
}

export function useAwaitingSetup(query: AwaitingSetupQuery, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...awaitingSetupQueryOptions(api, query), placeholderData: keepPreviousData, ...options });
}
