import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ManualEmployeeRow } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** POST employees with the manual rows; all or nothing. */
export function useBulkAddEmployees() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employees: ManualEmployeeRow[]) => api.call(ENDPOINTS.employees.bulkAdd, { body: { employees } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
