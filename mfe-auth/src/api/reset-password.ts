import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/reset-password: email, token (from the mailed link) and the new password. */
export function resetPassword(api: ApiClient, body: EndpointInput<typeof accounts.resetPassword>['body']) {
  return api.call(accounts.resetPassword, { body });
}

export function useResetPasswordMutation() {
  return useApiMutation(resetPassword);
}
