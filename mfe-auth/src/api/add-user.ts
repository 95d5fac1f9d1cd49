import { accounts as accountsEndpoints } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { adminKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/users/add. */
export function addUser(api: ApiClient, body: EndpointInput<typeof accountsEndpoints.addUser>['body']) {
  return api.call(accountsEndpoints.addUser, { body });
}

export function useAddUserMutation() {
  return useApiMutation(addUser, (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }));
}
