import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/forgot-password; the server builds the mailed link from the callback address and its own configuration. */
export function forgotPassword(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.forgotPassword>['body']) {
  return api.call(ENDPOINTS.accounts.forgotPassword, { body });
}

export function useForgotPasswordMutation() {
  return useApiMutation(forgotPassword);
}
