import {
  ENDPOINTS,
  routeAfterLogin,
  SignUpState,
  type ApiClient,
  type Company,
  type LoginAnswer,
  type Session,
} from '@portal/shared-contracts';

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
 * The spec's login sequence (document 2, section 4): SuperAdmin goes straight to the back office;
 * sign-up state 0 goes to setup before any company is loaded; everyone else first loads the employer
 * record (Employer: by the user's id; Admin: by the employer-user id) and then the company.
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
    companyDetails: null,
  };
  deps.store(session, remember);

  if (session.role === 'SuperAdmin' || session.signUpState === SignUpState.SetUpCompany) {
    deps.navigate(routeAfterLogin(session.role, session.signUpState).path);
    return session;
  }

  try {
    const lookupId = session.role === 'Employer' ? session.userId : session.employerUserId;
    if (lookupId) {
      const current = await deps.api.call(ENDPOINTS.employers.current, { params: { userId: lookupId } });
      session = { ...session, employerUserId: session.employerUserId ?? current.id, employerId: current.employerId ?? session.employerId };
    }
    if (session.employerId) {
      const { company } = await deps.api.call(ENDPOINTS.employers.get, { params: { id: session.employerId } });
      if (isFullCompany(company)) session = { ...session, companyDetails: company };
    }
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
