import type { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';

/**
 * The session's endpoints (sign in, sign out, the session check), with zod and their schemas: fetched
 * by the call that needs them, never by the page's start-up, so that the login page works before they
 * arrive (docs/decisions/0026-login-path-without-zod.md). Warmed once the page has settled
 * (`warmSessionContracts`); a failed fetch is tried again by the next call.
 */
export const loadSessionEndpoints = (): Promise<typeof sessionEndpoints> =>
  import('@portal/shared-contracts/endpoints/session').then((m) => m.sessionEndpoints);
