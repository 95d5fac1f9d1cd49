import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/{id}/deactivate with the reason as typed. */
export function deactivateEmployee(api: ApiClient, { id, reason }: { id: string; reason: string }) {
  return api.call(employeesEndpoints.deactivate, { params: { id }, body: { reason } });
}

export function useDeactivateEmployeeMutation() {
  return useApiMutation(deactivateEmployee, refreshEmployees);
}
