import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/bulk-reject: the selected join requests are removed, all or none. */
export function bulkRejectEmployees(api: ApiClient, employeeIds: string[]) {
  return api.call(employeesEndpoints.bulkReject, { body: { employeeIds } });
}

export function useBulkRejectEmployeesMutation() {
  return useApiMutation(bulkRejectEmployees, refreshEmployees);
}
