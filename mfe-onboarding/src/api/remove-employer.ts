import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** DELETE employers/{id}: the company and all of its data, irreversibly. */
export function removeEmployer(api: ApiClient, employerId: string) {
  return api.call(employersEndpoints.remove, { params: { id: employerId } });
}

export function useRemoveEmployerMutation() {
  return useApiMutation(removeEmployer, (queryClient, _answer, employerId) => {
    // The company is gone: refetching its details would only fail.
    queryClient.removeQueries({ queryKey: employerKeys.company(employerId) });
    return queryClient.invalidateQueries({ queryKey: employerKeys.lists() });
  });
}
