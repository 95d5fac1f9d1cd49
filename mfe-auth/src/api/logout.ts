import type { ApiClient } from '@portal/shared-contracts/platform';
import { accounts } from '@portal/shared-contracts/endpoints/accounts';

/** POST accounts/logout: ends the session the last answer opened on the server. */
export function logout(api: ApiClient) {
  return api.call(accounts.logout);
}
