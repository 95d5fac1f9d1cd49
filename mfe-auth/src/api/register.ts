import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import { usePublicCall } from './use-public-call';

/** POST accounts/register; answers the same shape as login (token included). */
export function register(api: ApiClient, body: EndpointInput<typeof accounts.register>['body']) {
  return api.call(accounts.register, { body });
}

/** A public page's call: no react-query on its first visit (use-public-call.ts). */
export function useRegisterMutation() {
  return usePublicCall(register);
}
