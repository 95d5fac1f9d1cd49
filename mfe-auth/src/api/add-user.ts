import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { adminKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/users/add. */
export function addUser(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.addUser>['body']) {
  return api.call(ENDPOINTS.accounts.addUser, { body });
}

export function useAddUserMutation() {
  return useApiMutation(addUser, (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }));
}
