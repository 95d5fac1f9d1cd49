import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/register; answers the same shape as login (token included). */
export function register(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.register>['body']) {
  return api.call(ENDPOINTS.accounts.register, { body });
}

export function useRegisterMutation() {
  return useApiMutation(register);
}
