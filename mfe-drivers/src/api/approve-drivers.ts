import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { refreshDrivers } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

export type ApproveDriversInput = EndpointInput<typeof driversEndpoints.approve>['body'];

/** POST drivers/approve: verifies the drivers' own flag with notes and a follow-up date, all or nothing. */
export function approveDrivers(api: ApiClient, body: ApproveDriversInput) {
  return api.call(driversEndpoints.approve, { body });
}

export function useApproveDriversMutation() {
  return useApiMutation(approveDrivers, refreshDrivers);
}
