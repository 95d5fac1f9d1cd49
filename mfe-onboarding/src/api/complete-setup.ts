import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers/{id}/complete-setup: leaving setup step 3 moves the sign-up state 2 -> 3. */
export function completeSetup(api: ApiClient, companyId: string) {
  return api.call(employersEndpoints.completeSetup, { params: { id: companyId } });
}

export function useCompleteSetupMutation() {
  return useApiMutation(completeSetup, (queryClient, _answer, companyId) =>
    queryClient.invalidateQueries({ queryKey: employerKeys.company(companyId) }),
  );
}
