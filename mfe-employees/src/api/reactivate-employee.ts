import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/reactivate-employee/{id}: the stored reason is shown but never sent. */
export function reactivateEmployee(api: ApiClient, id: string) {
  return api.call(employeesEndpoints.reactivate, { params: { id } });
}

export function useReactivateEmployeeMutation() {
  return useApiMutation(reactivateEmployee, refreshEmployees);
}
