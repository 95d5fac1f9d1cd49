import { drivers as driversEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { refreshDrivers } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

export type ApproveVehiclesInput = EndpointInput<typeof driversEndpoints.approveVehicles>['body'];

/** POST vehicles/approve: verifies the drivers' vehicles with notes and a follow-up date, all or nothing. */
export function approveVehicles(api: ApiClient, body: ApproveVehiclesInput) {
  return api.call(driversEndpoints.approveVehicles, { body });
}

export function useApproveVehiclesMutation() {
  return useApiMutation(approveVehicles, refreshDrivers);
}
