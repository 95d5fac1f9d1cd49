import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { refreshDrivers } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

export type RejectDriverInput = EndpointInput<typeof ENDPOINTS.drivers.reject>['body'];

/** POST drivers/reject: clears the driver's flag and records the notes; the driver is mailed. */
export function rejectDriver(api: ApiClient, body: RejectDriverInput) {
  return api.call(ENDPOINTS.drivers.reject, { body });
}

export function useRejectDriverMutation() {
  return useApiMutation(rejectDriver, refreshDrivers);
}
