import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** POST employees/reactivate-employee/{id}: the stored reason is shown but never sent. */
export function useReactivateEmployee() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(ENDPOINTS.employees.reactivate, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
