import { officeLabel } from '@portal/shared-contracts/names';
import { usePlatform, type ApiClient } from '@portal/shared-contracts/platform';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';

/** An office of a company (one of its locations), as every office select and office column names it. */
export interface OfficeOption {
  id: string;
  label: string;
}

/**
 * A company's offices, read from `employers.get`. The endpoint table is loaded when offices are first
 * asked for, not with this entry: every page's mutations come from this entry (`useApiMutation`), and
 * the public pages would otherwise load every endpoint, form, entity and message of the product.
 */
export async function getOffices(api: ApiClient, companyId: string, signal?: AbortSignal): Promise<OfficeOption[]> {
  const { ENDPOINTS } = await import('@portal/shared-contracts/endpoints');
  const { company } = await api.call(ENDPOINTS.employers.get, { params: { id: companyId } }, { signal });
  // The public answer (id and name, for the invite page) has no locations: no offices to offer.
  const locations = 'locations' in company ? company.locations : [];
  return locations.map((l) => ({ id: l.id, label: officeLabel(l) }));
}

// One key for every remote: the shell's query client is shared, so two screens of one company read its offices once.
function officesQuery(api: ApiClient, companyId: string) {
  return queryOptions({
    queryKey: ['employers', 'offices', companyId] as const,
    queryFn: ({ signal }) => getOffices(api, companyId, signal),
    staleTime: 60_000,
  });
}

/** The offices of a company; no call while `companyId` is null. */
export function useOffices(companyId: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...officesQuery(api, companyId ?? ''), enabled: companyId !== null });
}

/**
 * Office names by id for the companies of a page of rows: one request per company (an employer's
 * page is one company), never one per row.
 */
export function useOfficeLabels(companyIds: readonly string[]): ReadonlyMap<string, string> {
  const { api } = usePlatform();
  const unique = [...new Set(companyIds)].sort();
  return useQueries({
    queries: unique.map((id) => officesQuery(api, id)),
    combine: (results) => new Map(results.flatMap((r) => (r.data ?? []).map((o) => [o.id, o.label] as const))),
  });
}
