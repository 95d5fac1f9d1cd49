import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/forgot-password; the server builds the mailed link from the callback address and its own configuration. */
export function forgotPassword(api: ApiClient, body: EndpointInput<typeof accounts.forgotPassword>['body']) {
  return api.call(accounts.forgotPassword, { body });
}

export function useForgotPasswordMutation() {
  return useApiMutation(forgotPassword);
}
