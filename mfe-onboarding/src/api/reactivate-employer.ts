import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** POST employers/{id}/reactivate. */
export function reactivateEmployer(api: ApiClient, employerId: string) {
  return api.call(ENDPOINTS.employers.reactivate, { params: { id: employerId } });
}

export function useReactivateEmployer() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (employerId: string) => reactivateEmployer(api, employerId),
    onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.all }),
  });
}
