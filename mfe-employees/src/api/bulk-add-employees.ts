import { ENDPOINTS, type ApiClient, type ManualEmployeeRow } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees with the manual rows; all or nothing. */
export function bulkAddEmployees(api: ApiClient, employees: ManualEmployeeRow[]) {
  return api.call(ENDPOINTS.employees.bulkAdd, { body: { employees } });
}

export function useBulkAddEmployeesMutation() {
  return useApiMutation(bulkAddEmployees, refreshEmployees);
}
