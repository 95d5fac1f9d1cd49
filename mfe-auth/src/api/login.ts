import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';

/**
 * POST accounts/login. The answer goes to `platform.auth.signIn`, which routes by role and state.
 * No mutation hook: the login form calls this itself, so the login page does not load react-query
 * (docs/decisions/0019-bundle-budgets.md).
 */
export function login(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.accounts.login>['body']) {
  return api.call(ENDPOINTS.accounts.login, { body });
}
