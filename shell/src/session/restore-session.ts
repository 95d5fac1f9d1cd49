import { SignUpState } from '@portal/shared-contracts/constants';
import { isApiError, type ApiClient, type Session } from '@portal/shared-contracts/platform';
import { warmEmployerLookup, withCompany } from '../platform/auth';
import { clearStoredSession, hasBrowserSession, sessionFieldsOf, writeStoredSession } from './session-store';
import { loadSessionEndpoints } from './session-endpoints';

/**
 * A tab that finds no session in its own storage, in a browser that signed in without "remember
 * me": the server's cookie lasts until the browser closes, so the session is asked from the server
 * (`accounts.me`, then the company as the login sequence loads it) and kept in this tab's storage.
 * Null when there is none to restore; a 401 also forgets that there was one.
 */
export async function restoreBrowserSession(api: ApiClient): Promise<Session | null> {
  if (!hasBrowserSession()) return null;
  let session: Session;
  // Fetched beside `accounts.me`, not after it: an employer's company is asked for once it answers.
  warmEmployerLookup();
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
