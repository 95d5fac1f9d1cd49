import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employers/location with the location id in the body. */
export function updateLocation(api: ApiClient, body: EndpointInput<typeof employersEndpoints.updateLocation>['body']) {
  return api.call(employersEndpoints.updateLocation, { body });
}

// Neither the call nor its answer names the company: refresh the companies held (the one being edited).
export function useUpdateLocationMutation() {
  return useApiMutation(updateLocation, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.companies() }));
}
