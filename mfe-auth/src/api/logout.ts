import type { ApiClient } from '@portal/shared-contracts/platform';

/** POST accounts/logout: ends the session the last answer opened on the server (its endpoint fetched by the call). */
export async function logout(api: ApiClient) {
  const { sessionEndpoints } = await import('@portal/shared-contracts/endpoints/session');
  return api.call(sessionEndpoints.logout);
}
