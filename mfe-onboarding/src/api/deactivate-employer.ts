import { ENDPOINTS, usePlatform, type ApiClient, type DeactivationReason } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export interface DeactivateEmployerInput {
  employerId: string;
  body: DeactivationReason;
}

/** POST employers/{id}/deactivate with the reason; the company's users lose access at once. */
export function deactivateEmployer(api: ApiClient, { employerId, body }: DeactivateEmployerInput) {
  return api.call(ENDPOINTS.employers.deactivate, { params: { id: employerId }, body });
}

export function useDeactivateEmployer() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DeactivateEmployerInput) => deactivateEmployer(api, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.all }),
  });
}
