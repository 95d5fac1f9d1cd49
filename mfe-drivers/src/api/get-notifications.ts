import { queryOptions, useQuery } from '@tanstack/react-query';
import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { driverKeys } from './keys';

/** GET notifications: what waits for a super admin, counted and linked to its list. */
export function getNotifications(api: ApiClient, signal?: AbortSignal) {
  return api.call(driversEndpoints.notifications, undefined, { signal });
}

export function notificationsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: driverKeys.notifications(), queryFn: ({ signal }) => getNotifications(api, signal) });
}

export function useNotifications(options: { enabled?: boolean; refetchInterval?: number } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...notificationsQueryOptions(api), ...options });
}
