import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import type { ApiClient } from '@portal/shared-contracts/platform';
import type { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';

/**
 * POST accounts/login. The answer goes to `platform.auth.signIn`, which routes by role and state.
 * No mutation hook: the login form calls this itself, so the login page does not load react-query
 * (docs/decisions/0019-bundle-budgets.md). The endpoint (its schemas, with zod) is fetched by the call,
 * not with the page (docs/decisions/0026-login-path-without-zod.md).
 */
export async function login(api: ApiClient, body: EndpointInput<typeof sessionEndpoints.login>['body']) {
  const { sessionEndpoints: endpoints } = await import('@portal/shared-contracts/endpoints/session');
  return api.call(endpoints.login, { body });
}
