import type { ApiClient } from '@portal/shared-contracts/platform';
import { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';

/** POST accounts/logout: ends the session the last answer opened on the server. */
export function logout(api: ApiClient) {
  return api.call(sessionEndpoints.logout);
}
