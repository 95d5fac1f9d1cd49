import { queryOptions, useQuery } from '@tanstack/react-query';
import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { driverKeys } from './keys';

/** GET drivers/{id}: the driver with the verification history (newest first) and the other drivers with the same licence. */
export async function getDriver(api: ApiClient, id: string, signal?: AbortSignal) {
  const { driver, history, sameLicence, sameLicenceTotal } = await api.call(driversEndpoints.get, { params: { id } }, { signal });
  return { driver, history, sameLicence, sameLicenceTotal };
}

export function driverQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: driverKeys.detail(id), queryFn: ({ signal }) => getDriver(api, id, signal) });
}

/** The driver, or nothing while no id is given. */
export function useDriver(id: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...driverQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
