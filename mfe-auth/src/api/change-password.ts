import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/change-password. The server ends every session of the user on success. */
export function changePassword(api: ApiClient, body: EndpointInput<typeof accounts.changePassword>['body']) {
  return api.call(accounts.changePassword, { body });
}

export function useChangePasswordMutation() {
  return useApiMutation(changePassword);
}
