import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/{id}/reject: the join request is removed. */
export function rejectEmployee(api: ApiClient, id: string) {
  return api.call(employeesEndpoints.reject, { params: { id } });
}

export function useRejectEmployeeMutation() {
  return useApiMutation(rejectEmployee, refreshEmployees);
}
