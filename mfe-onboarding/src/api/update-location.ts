import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employers/location with the location id in the body. */
export function updateLocation(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.employers.updateLocation>['body']) {
  return api.call(ENDPOINTS.employers.updateLocation, { body });
}

// Neither the call nor its answer names the company: refresh the companies held (the one being edited).
export function useUpdateLocationMutation() {
  return useApiMutation(updateLocation, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.companies() }));
}
