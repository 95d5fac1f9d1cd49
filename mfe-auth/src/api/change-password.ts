import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/change-password. The server ends every session of the user on success. */
export function changePassword(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.changePassword>['body']) {
  return api.call(ENDPOINTS.accounts.changePassword, { body });
}

export function useChangePasswordMutation() {
  return useApiMutation(changePassword);
}
