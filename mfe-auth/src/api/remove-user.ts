import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts';
import { adminKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** DELETE accounts/users/{id}; the removed user's sessions end on the server at once. */
export function removeUser(api: ApiClient, id: string) {
  return api.call(accountsEndpoints.removeUser, { params: { id } });
}

export function useRemoveUserMutation() {
  return useApiMutation(removeUser, (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }));
}
