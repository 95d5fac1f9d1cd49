import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/location; the answer carries the sign-up state (0 -> 1 on the first location). */
export function addLocation(api: ApiClient, input: EndpointInput<typeof employersEndpoints.addLocation>) {
  return api.call(employersEndpoints.addLocation, input);
}

export function useAddLocationMutation() {
  return useApiMutation(addLocation, (queryClient, _answer, input) =>
    queryClient.invalidateQueries({ queryKey: employerKeys.company(input.params.id) }),
  );
}
