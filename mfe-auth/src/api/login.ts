import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui';

/** POST accounts/login. The answer goes to `platform.auth.signIn`, which routes by role and state. */
export function login(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.login>['body']) {
  return api.call(ENDPOINTS.accounts.login, { body });
}

export function useLoginMutation() {
  return useApiMutation(login);
}
