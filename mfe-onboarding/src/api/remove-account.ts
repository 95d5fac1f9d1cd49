import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts';
import { employerKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** DELETE accounts/users/{id}: an employer account that never set up its company. */
export function removeAccount(api: ApiClient, userId: string) {
  return api.call(accountsEndpoints.removeUser, { params: { id: userId } });
}

export function useRemoveAccountMutation() {
  return useApiMutation(removeAccount, (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.lists() }));
}
