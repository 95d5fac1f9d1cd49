import { SHELL_START_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell-start';
import { ApiError, type ApiClient } from '@portal/shared-contracts/platform';
import { whenPageSettled } from '../platform/when-settled';
import type { ApiClientOptions } from './client-core';

// The client's code (client-core.ts) is not on the login page's path: the page works before it has
// arrived, and its first call is the visitor's sign-in. It is fetched at once where a call comes first
// (a signed-in page), otherwise with the visitor's first touch of the page or once the page has
// settled, and by the first call in any case (docs/decisions/0026-login-path-without-zod.md).
const loadCore = () => import('./client-core');

/** Fetches the client's code before its first call. */
export function warmApiClient(): void {
  loadCore().catch(() => {});
}

/** Warms the client's code when the visitor first points, types or focuses, or once the page has settled. */
export function warmApiClientOnFirstUse(win: Window = window): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const warm = () => {
    for (const type of events) win.removeEventListener(type, warm, true);
    cancel();
    warmApiClient();
  };
  for (const type of events) win.addEventListener(type, warm, { capture: true, passive: true });
  const cancel = whenPageSettled(warm, win);
}

/**
 * The one HTTP client of the portal (DESIGN.md section 4), as the platform hands it to every page.
 * A call whose code cannot be fetched (offline) fails as a call without an answer does, and the next
 * call fetches it again.
 */
export function createApiClient(o: ApiClientOptions): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const call = async (...args: Parameters<ApiClient['call']>) => {
    client ??= loadCore().then(
      (m) => m.createClientCore(o),
      (error: unknown) => {
        client = undefined;
        console.error(`${args[0].id}: request failed`, error);
        throw new ApiError(0, MESSAGES.common.unknownError);
      },
    );
    const core = await client;
    // A caller's abort while the code was on its way ends the call as it would have ended the request.
    args[2]?.signal?.throwIfAborted();
    return core.call(...args);
  };
  return { call: call as ApiClient['call'] };
}
