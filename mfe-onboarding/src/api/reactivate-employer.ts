import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/reactivate. */
export function reactivateEmployer(api: ApiClient, employerId: string) {
  return api.call(employersEndpoints.reactivate, { params: { id: employerId } });
}

export function useReactivateEmployerMutation() {
  return useApiMutation(reactivateEmployer, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.all }));
}
