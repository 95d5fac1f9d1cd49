import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, ManualEmployeeRow } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees with the manual rows; all or nothing. */
export function bulkAddEmployees(api: ApiClient, employees: ManualEmployeeRow[]) {
  return api.call(employeesEndpoints.bulkAdd, { body: { employees } });
}

export function useBulkAddEmployeesMutation() {
  return useApiMutation(bulkAddEmployees, refreshEmployees);
}
