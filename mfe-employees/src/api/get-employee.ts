import { queryOptions, useQuery } from '@tanstack/react-query';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** GET employees/{id}: one employee with vehicle and licence details. */
export async function getEmployee(api: ApiClient, id: string, signal?: AbortSignal) {
  return (await api.call(employeesEndpoints.get, { params: { id } }, { signal })).employee;
}

export function employeeQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: employeeKeys.detail(id), queryFn: ({ signal }) => getEmployee(api, id, signal) });
}

/** The employee, or nothing while no id is given. */
export function useEmployee(id: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...employeeQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
