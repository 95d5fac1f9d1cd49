import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, LIMITS, usePlatform, type AdminEntry, type ApiClient } from '@portal/shared-contracts';

export const employerAdminsQueryKey = (employerId: string) => [ENDPOINTS.accounts.employerAdmins.id, employerId] as const;

/** Every admin user of the company (read 100 at a time; the page shows them ten at a time). */
async function fetchAllEmployerAdmins(api: ApiClient, employerId: string, signal?: AbortSignal): Promise<AdminEntry[]> {
  const all: AdminEntry[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call(
      ENDPOINTS.accounts.employerAdmins,
      { params: { employerId }, query: { pageNumber, pageSize: LIMITS.maxPageSize } },
      { signal },
    );
    all.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) return all;
  }
}

export function employerAdminsQueryOptions(api: ApiClient, employerId: string) {
  return queryOptions({
    queryKey: employerAdminsQueryKey(employerId),
    queryFn: ({ signal }) => fetchAllEmployerAdmins(api, employerId, signal),
  });
}

export function useEmployerAdmins(employerId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...employerAdminsQueryOptions(api, employerId ?? ''), enabled: Boolean(employerId) });
}
