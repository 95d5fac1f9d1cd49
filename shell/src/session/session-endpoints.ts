import type { employerLookup } from '@portal/shared-contracts/endpoints/employer-lookup';
import type { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';

/**
 * The session's endpoints (sign in, sign out, the session check), with zod and their schemas: fetched
 * by the call that needs them, not on the login page's path, so that the login page works before they
 * arrive (docs/decisions/0026-login-path-without-zod.md). Warmed once the page has settled
 * (`warmSessionContracts`), or at start-up when a browser-long session is to be restored
 * (`warmRestoreContracts`); a failed fetch is tried again by the next call.
 */
export const loadSessionEndpoints = (): Promise<typeof sessionEndpoints> =>
  import('@portal/shared-contracts/endpoints/session').then((m) => m.sessionEndpoints);

/**
 * The employer lookups (the employer record and the company, with the company's schemas: a module of
 * their own rather than the employers group), which run after a sign-in or a restore, not on the login
 * page's path.
 */
export const loadEmployerLookup = (): Promise<typeof employerLookup> =>
  import('@portal/shared-contracts/endpoints/employer-lookup').then((m) => m.employerLookup);

/**
 * A restore's contracts (it checks `accounts.me`'s answer and reads the company with them), fetched
 * beside the restore's own code rather than once it runs (docs/decisions/0072).
 */
export function warmRestoreContracts(): void {
  for (const load of [loadSessionEndpoints, loadEmployerLookup])
    load().catch(() => {
      /* fetched again by the call that needs it */
    });
}
