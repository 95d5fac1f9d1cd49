import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

export function employeeQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: async ({ signal }) => (await api.call(ENDPOINTS.employees.get, { params: { id } }, { signal })).employee,
  });
}

export function useEmployee(id: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...employeeQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
