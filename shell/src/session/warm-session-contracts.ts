import { whenPageSettled } from '../platform/when-settled';
import { loadSessionEndpoints } from './session-endpoints';

/**
 * The session's endpoints (sign in, sign out, the session check: with the login form's schema, the
 * session's entities and zod) and the sign-in sequence are fetched by the first call that needs them,
 * so that the login page works before they arrive (docs/decisions/0026-login-path-without-zod.md).
 * Once the page has settled they are fetched anyway, so that a later sign-in, sign-out or check does
 * not wait for them.
 * Returns a function that cancels it.
 */
export function warmSessionContracts(win: Window = window): () => void {
  return whenPageSettled(() => {
    for (const load of [loadSessionEndpoints, () => import('../platform/auth')])
      load().catch(() => {
        /* fetched again by the call that needs it */
      });
  }, win);
}
