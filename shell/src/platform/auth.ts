import { SignUpState } from '@portal/shared-contracts/constants';
import { routeAfterLogin } from '@portal/shared-contracts/routes';
import type { Company } from '@portal/shared-contracts/entities';
import type { ApiClient, Session } from '@portal/shared-contracts/platform';
import type { LoginAnswer } from '@portal/shared-contracts/endpoints/session';
import { loadEmployerLookup } from '../session/session-endpoints';

interface SignInDeps {
  api: ApiClient;
  /** Stores the session (in localStorage when `remember`, else sessionStorage) and publishes it. */
  store(session: Session, remember: boolean): void;
  navigate(to: string): void;
}

function isFullCompany(c: unknown): c is Company {
  return !!c && typeof c === 'object' && 'email' in c && 'locations' in c;
}


/**
 * The employer record (Employer: by the user's id; Admin: by the employer-user id), then the company,
 * added to the session. Throws when a call fails.
 *
 * The company the session already names (the login answer's or `accounts.me`'s `employerId`, read
 * from the same user row as the record's) is asked for beside the record: one round trip instead of
 * two on every sign-in and session restore. The record still decides: should it name another company,
 * that one is asked for after it, as before.
 */
export async function withCompany(api: ApiClient, session: Session): Promise<Session> {
  const lookupId = session.role === 'Employer' ? session.userId : session.employerUserId;
  if (!lookupId && !session.employerId) return session;
  const endpoints = await loadEmployerLookup();
  const companyOf = (id: string) => api.call(endpoints.get, { params: { id } });
  const early = session.employerId ? companyOf(session.employerId) : null;
  // Awaited below, unless the record's call fails first: then its outcome is not wanted.
  early?.catch(() => {});
  let next = session;
  if (lookupId) {
    const current = await api.call(endpoints.current, { params: { userId: lookupId } });
    next = { ...next, employerUserId: next.employerUserId ?? current.id, employerId: current.employerId ?? next.employerId };
  }
  if (next.employerId) {
    const { company } = await (early && next.employerId === session.employerId ? early : companyOf(next.employerId));
    if (isFullCompany(company)) next = { ...next, companyDetails: company };
  }
  return next;
}

/**
 * The spec's login sequence (document 2, section 4): SuperAdmin goes straight to the back office;
 * sign-up state 0 goes to setup before any company is loaded; everyone else first loads the employer
 * record and then the company.
 */
export async function runSignIn(answer: LoginAnswer, remember: boolean, deps: SignInDeps): Promise<Session> {
  let session: Session = {
    userId: answer.id,
    role: answer.role,
    name: answer.name,
    email: answer.email,
    employerId: answer.employerId,
    employerUserId: answer.employerUserId,
    signUpState: answer.signUpState ?? answer.userSignUpState,
    offices: answer.offices,
    companyDetails: null,
  };
  deps.store(session, remember);

  if (session.role === 'SuperAdmin' || session.signUpState === SignUpState.SetUpCompany) {
    deps.navigate(routeAfterLogin(session.role, session.signUpState).path);
    return session;
  }

  try {
    session = await withCompany(deps.api, session);
    deps.store(session, remember);
  } catch (error) {
    // The spec only logs data-load failures; the pages load what they need again.
    console.error('Loading the company after sign-in failed', error);
  }

  const target = routeAfterLogin(session.role, session.signUpState);
  if (target.warning) console.warn(target.warning);
  deps.navigate(target.path);
  return session;
}
