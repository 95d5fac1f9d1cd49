import { ENDPOINTS, type ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui';

/** DELETE employees/{id}: immediate and irreversible. */
export function removeEmployee(api: ApiClient, id: string) {
  return api.call(ENDPOINTS.employees.remove, { params: { id } });
}

export function useRemoveEmployeeMutation() {
  return useApiMutation(removeEmployee, refreshEmployees);
}
