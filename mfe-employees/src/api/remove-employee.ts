import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** DELETE employees/{id}: immediate and irreversible. */
export function useRemoveEmployee() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(ENDPOINTS.employees.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
