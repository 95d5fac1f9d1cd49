import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST /incentives/employers/{id}/incentive; the answer carries the sign-up state (1 -> 2). */
export function saveIncentive(api: ApiClient, input: EndpointInput<typeof employersEndpoints.saveIncentive>) {
  return api.call(employersEndpoints.saveIncentive, input);
}

export function useSaveIncentiveMutation() {
  return useApiMutation(saveIncentive, (queryClient, answer, input) => {
    queryClient.setQueryData(employerKeys.incentive(input.params.id), answer.incentive);
    return queryClient.invalidateQueries({ queryKey: employerKeys.company(input.params.id) });
  });
}
