import type { EndpointInput } from '@portal/shared-contracts/endpoint';
import type { ApiClient } from '@portal/shared-contracts/platform';
import { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';

/**
 * POST accounts/login. The answer goes to `platform.auth.signIn`, which routes by role and state.
 * No mutation hook: the login form calls this itself, so the login page does not load react-query
 * (docs/decisions/0019-bundle-budgets.md).
 */
export function login(api: ApiClient, body: EndpointInput<typeof sessionEndpoints.login>['body']) {
  return api.call(sessionEndpoints.login, { body });
}
