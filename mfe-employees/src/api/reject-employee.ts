import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** POST employees/{id}/reject: the join request is removed. */
export function useRejectEmployee() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(ENDPOINTS.employees.reject, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
