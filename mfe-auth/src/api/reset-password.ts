import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/reset-password: email, token (from the mailed link) and the new password. */
export function resetPassword(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.resetPassword>['body']) {
  return api.call(ENDPOINTS.accounts.resetPassword, { body });
}

export function useResetPasswordMutation() {
  return useApiMutation(resetPassword);
}
