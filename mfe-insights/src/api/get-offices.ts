import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, officeLabel, usePlatform, type ApiClient } from '@portal/shared-contracts';

export interface OfficeOption {
  id: string;
  label: string;
}

/** The company's offices (its locations), as the office filter names them: first address line and town. */
export async function getOffices(api: ApiClient, companyId: string, signal?: AbortSignal): Promise<OfficeOption[]> {
  const { company } = await api.call(ENDPOINTS.employers.get, { params: { id: companyId } }, { signal });
  // The public answer (id and name, for the invite page) has no locations: no offices to offer.
  const locations = 'locations' in company ? company.locations : [];
  return locations.map((l) => ({ id: l.id, label: officeLabel(l) }));
}

export function useOffices(companyId: string | null) {
  const { api } = usePlatform();
  return useQuery(
    queryOptions({
      queryKey: ['insights', 'offices', companyId] as const,
      queryFn: ({ signal }) => getOffices(api, companyId!, signal),
      enabled: companyId !== null,
      staleTime: 60_000,
    }),
  );
}
