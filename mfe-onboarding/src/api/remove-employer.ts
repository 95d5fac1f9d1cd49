import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** DELETE employers/{id}: the company and all of its data, irreversibly. */
export function removeEmployer(api: ApiClient, employerId: string) {
  return api.call(ENDPOINTS.employers.remove, { params: { id: employerId } });
}

export function useRemoveEmployer() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (employerId: string) => removeEmployer(api, employerId),
    onSuccess: (_answer, employerId) => {
      qc.removeQueries({ queryKey: employerKeys.company(employerId) });
      return qc.invalidateQueries({ queryKey: employerKeys.lists() });
    },
  });
}
