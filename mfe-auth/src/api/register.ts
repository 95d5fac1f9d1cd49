import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST accounts/register; answers the same shape as login (token included). */
export function register(api: ApiClient, body: EndpointInput<typeof accounts.register>['body']) {
  return api.call(accounts.register, { body });
}

export function useRegisterMutation() {
  return useApiMutation(register);
}
