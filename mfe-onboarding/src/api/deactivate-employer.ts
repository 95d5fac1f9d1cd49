import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/deactivate with the reason; the company's users lose access at once. */
export function deactivateEmployer(api: ApiClient, input: EndpointInput<typeof employersEndpoints.deactivate>) {
  return api.call(employersEndpoints.deactivate, input);
}

export function useDeactivateEmployerMutation() {
  return useApiMutation(deactivateEmployer, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.all }));
}
