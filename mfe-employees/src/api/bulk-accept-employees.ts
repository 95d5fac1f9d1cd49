import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/bulk-accept with the selected ids. */
export function bulkAcceptEmployees(api: ApiClient, employeeIds: string[]) {
  return api.call(employeesEndpoints.bulkAccept, { body: { employeeIds } });
}

export function useBulkAcceptEmployeesMutation() {
  return useApiMutation(bulkAcceptEmployees, refreshEmployees);
}
