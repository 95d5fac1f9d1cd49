import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { refreshDrivers } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

export type RejectDriverInput = EndpointInput<typeof driversEndpoints.reject>['body'];

/** POST drivers/reject: clears the driver's flag and records the notes; the driver is mailed. */
export function rejectDriver(api: ApiClient, body: RejectDriverInput) {
  return api.call(driversEndpoints.reject, { body });
}

export function useRejectDriverMutation() {
  return useApiMutation(rejectDriver, refreshDrivers);
}
