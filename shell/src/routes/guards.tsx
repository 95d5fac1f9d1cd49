import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SignUpState } from '@portal/shared-contracts/constants';
import { ROUTES, routeAfterLogin } from '@portal/shared-contracts/routes';
import { useAtomValue } from '../session/portal-store';
import { sessionAtom } from '../session/session-store';
import type { Area } from './route-table';

const EMPLOYER_ROLES = new Set(['Employer', 'Admin']);

/**
 * Route guards (DESIGN.md section 4): no session -> login; a SuperAdmin stays in the back office;
 * Employer and Admin stay in the employer area (setup flow included). The server enforces the same.
 * An employer whose company's setup is not finished is sent from the employer area to the setup step
 * it is at, as after login: its pages have no company to show yet.
 */
export function RequireArea({ area }: { area: Exclude<Area, 'public'> }) {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!session) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname + location.search }} />;
  if (area === 'superAdmin') {
    if (session.role !== 'SuperAdmin') return <Navigate to={EMPLOYER_ROLES.has(session.role) ? ROUTES.mainPage : ROUTES.login} replace />;
  } else if (!EMPLOYER_ROLES.has(session.role)) {
    return <Navigate to={session.role === 'SuperAdmin' ? ROUTES.superAdmin : ROUTES.login} replace />;
  } else if (area === 'employer' && session.signUpState !== SignUpState.SetUpComplete) {
    return <Navigate to={routeAfterLogin(session.role, session.signUpState).path} replace />;
  }
  return <Outlet />;
}
