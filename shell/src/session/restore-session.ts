import { SESSION_CHECK_PATH, SignUpState } from '@portal/shared-contracts/constants';
import { isApiError, type ApiClient, type Session } from '@portal/shared-contracts/platform';
import { createApiClient } from '../api/api-client';
import { withCompany } from '../platform/auth';
import { clearStoredSession, hasBrowserSession, sessionFieldsOf, writeStoredSession } from './session-store';
import { loadSessionEndpoints } from './session-endpoints';

/**
 * A fetch that answers the first request for the session check with the one already sent (by
 * `sendSessionCheck`, at the start of the page), and sends everything else. The client's time limit
 * (its signal) still ends the wait. The answer is read, and checked with the endpoint's schema, by the
 * client as any other answer.
 */
export function answeringFirst(sent: Promise<Response>, send: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  let early: Promise<Response> | null = sent;
  return (input, init) => {
    if (!early || input !== SESSION_CHECK_PATH || (init?.method ?? 'GET') !== 'GET') return send(input, init);
    const answer = early;
    early = null;
    const signal = init?.signal;
    if (!signal) return answer;
    return Promise.race([
      answer,
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    ]);
  };
}

/** The restore's client: no release header yet (no remote is loaded), the early session check taken. */
export function sessionCheckClient(sent: Promise<Response>): ApiClient {
  return createApiClient({ onUnauthorized: () => {}, releaseHeader: () => '', fetch: answeringFirst(sent) });
}

/**
 * A tab that finds no session in its own storage, in a browser that signed in without "remember
 * me": the server's cookie lasts until the browser closes, so the session is asked from the server
 * (`accounts.me`, then the company as the login sequence loads it) and kept in this tab's storage.
 * Null when there is none to restore; a 401 also forgets that there was one.
 */
export async function restoreBrowserSession(api: ApiClient): Promise<Session | null> {
  if (!hasBrowserSession()) return null;
  let session: Session;
  // The employer lookups were fetched with this code (`warmRestoreContracts`): an employer's company
  // is asked for as soon as `accounts.me` answers.
  try {
    const accounts = await loadSessionEndpoints();
    const { user } = await api.call(accounts.me);
    session = { ...sessionFieldsOf(user), companyDetails: null };
  } catch (error) {
    if (isApiError(error) && error.status === 401) clearStoredSession({ keepSavedFlag: true });
    return null;
  }
  if (session.role !== 'SuperAdmin' && session.signUpState !== SignUpState.SetUpCompany) {
    try {
      session = await withCompany(api, session);
    } catch (error) {
      // As after sign-in: the pages load what they need again.
      console.error('Loading the company of the restored session failed', error);
    }
  }
  writeStoredSession(session, false);
  return session;
}
