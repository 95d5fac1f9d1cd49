import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { usePublicCall } from './use-public-call';

/** POST accounts/forgot-password; the server builds the mailed link from the callback address and its own configuration. */
export function forgotPassword(api: ApiClient, body: EndpointInput<typeof accounts.forgotPassword>['body']) {
  return api.call(accounts.forgotPassword, { body });
}

/** A public page's call: no react-query on its first visit (use-public-call.ts). */
export function useForgotPasswordMutation() {
  return usePublicCall(forgotPassword);
}
