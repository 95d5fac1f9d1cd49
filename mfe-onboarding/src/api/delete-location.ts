import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** DELETE employers/location/{id}. */
export function deleteLocation(api: ApiClient, locationId: string) {
  return api.call(employersEndpoints.deleteLocation, { params: { id: locationId } });
}

// Neither the call nor its answer names the company: refresh the companies held (the one being edited).
export function useDeleteLocationMutation() {
  return useApiMutation(deleteLocation, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.companies() }));
}
