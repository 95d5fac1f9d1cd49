import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { adminKeys } from './keys';

/** PUT accounts/users/{id}/offices: the offices an admin manages, or null for the whole company. */
export function setAdminOffices(api: ApiClient, input: { id: string; officeIds: string[] | null }) {
  return api.call(accountsEndpoints.setAdminOffices, { params: { id: input.id }, body: { officeIds: input.officeIds } });
}

export function useSetAdminOfficesMutation() {
  return useApiMutation(setAdminOffices, (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }));
}
