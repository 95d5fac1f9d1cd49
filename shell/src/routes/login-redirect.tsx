import { useEffect, type ReactNode } from 'react';
import { routeAfterLogin } from '@portal/shared-contracts/routes';
import { usePlatform, type Session } from '@portal/shared-contracts/platform';
import { useAtomValue } from '../session/portal-store';
import { sessionAtom, signingInAtom } from '../session/session-store';

const EMPLOYER_ROLES = new Set(['Employer', 'Admin']);

/** Where a signed-in user at the login page belongs, or null while signing in or for a role without an area. */
function landingOf(session: Session | null, signingIn: boolean): string | null {
  if (!session || signingIn || !(session.role === 'SuperAdmin' || EMPLOYER_ROLES.has(session.role))) return null;
  return routeAfterLogin(session.role, session.signUpState).path;
}

/**
 * The login page: a signed-in user goes where the login sequence would send them. It moves through
 * the platform, so it works before the router is loaded (a restored session opening `/#/`) and after.
 */
export function LoginRedirect({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const signingIn = useAtomValue(signingInAtom);
  const { navigate } = usePlatform();
  const target = landingOf(session, signingIn);
  useEffect(() => {
    if (target !== null) navigate(target, { replace: true });
  }, [target, navigate]);
  return target === null ? <>{children}</> : null;
}
