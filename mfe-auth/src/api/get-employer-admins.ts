import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import { LIMITS } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { AdminEntry, ApiClient } from '@portal/shared-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** Every admin user of the company (read 100 at a time; the page shows them ten at a time). */
export async function getEmployerAdmins(api: ApiClient, employerId: string, signal?: AbortSignal): Promise<AdminEntry[]> {
  const all: AdminEntry[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call(
      accountsEndpoints.employerAdmins,
      { params: { employerId }, query: { pageNumber, pageSize: LIMITS.maxPageSize } },
      { signal },
    );
    all.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) return all;
  }
}

export function employerAdminsQueryOptions(api: ApiClient, employerId: string) {
  return queryOptions({
    queryKey: adminKeys.employerAdmins(employerId),
    queryFn: ({ signal }) => getEmployerAdmins(api, employerId, signal),
  });
}

/** The company's admin users, or nothing while there is no company id. */
export function useEmployerAdmins(employerId: string | null | undefined, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...employerAdminsQueryOptions(api, employerId ?? ''), enabled: Boolean(employerId) && options.enabled !== false });
}
