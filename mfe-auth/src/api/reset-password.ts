import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { usePublicCall } from './use-public-call';

/** POST accounts/reset-password: email, token (from the mailed link) and the new password. */
export function resetPassword(api: ApiClient, body: EndpointInput<typeof accounts.resetPassword>['body']) {
  return api.call(accounts.resetPassword, { body });
}

/** A public page's call: no react-query on its first visit (use-public-call.ts). */
export function useResetPasswordMutation() {
  return usePublicCall(resetPassword);
}
