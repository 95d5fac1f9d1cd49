import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** POST employees/bulk-accept with the selected ids. */
export function useBulkAcceptEmployees() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employeeIds: string[]) => api.call(ENDPOINTS.employees.bulkAccept, { body: { employeeIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
