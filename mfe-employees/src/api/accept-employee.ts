import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employees/{id}/accept: approves a join request. */
export function acceptEmployee(api: ApiClient, id: string) {
  return api.call(employeesEndpoints.accept, { params: { id } });
}

export function useAcceptEmployeeMutation() {
  return useApiMutation(acceptEmployee, refreshEmployees);
}
