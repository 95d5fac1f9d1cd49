import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** POST employers/{id}/complete-setup: leaving setup step 3 moves the sign-up state 2 -> 3. */
export function completeSetup(api: ApiClient, companyId: string) {
  return api.call(ENDPOINTS.employers.completeSetup, { params: { id: companyId } });
}

export function useCompleteSetup() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => completeSetup(api, companyId),
    onSuccess: (_answer, companyId) => qc.invalidateQueries({ queryKey: employerKeys.company(companyId) }),
  });
}
