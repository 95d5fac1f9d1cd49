import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** PUT employees/{id}/accept: approves a join request. */
export function useAcceptEmployee() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(ENDPOINTS.employees.accept, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
