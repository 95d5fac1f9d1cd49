import { ENDPOINTS, type ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/reactivate. */
export function reactivateEmployer(api: ApiClient, employerId: string) {
  return api.call(ENDPOINTS.employers.reactivate, { params: { id: employerId } });
}

export function useReactivateEmployerMutation() {
  return useApiMutation(reactivateEmployer, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.all }));
}
