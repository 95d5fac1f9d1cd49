import { ENDPOINTS, type ApiClient } from '@portal/shared-contracts';

/** POST accounts/logout: ends the session the last answer opened on the server. */
export function logout(api: ApiClient) {
  return api.call(ENDPOINTS.accounts.logout);
}
