import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/location; the answer carries the sign-up state (0 -> 1 on the first location). */
export function addLocation(api: ApiClient, input: EndpointInput<typeof ENDPOINTS.employers.addLocation>) {
  return api.call(ENDPOINTS.employers.addLocation, input);
}

export function useAddLocationMutation() {
  return useApiMutation(addLocation, (queryClient, _answer, input) =>
    queryClient.invalidateQueries({ queryKey: employerKeys.company(input.params.id) }),
  );
}
