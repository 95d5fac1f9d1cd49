import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '@portal/shared-contracts/routes';
import { useAtomValue } from '../session/portal-store';
import { sessionAtom } from '../session/session-store';
import type { Area } from './route-table';

const EMPLOYER_ROLES = new Set(['Employer', 'Admin']);

/**
 * Route guards (DESIGN.md section 4): no session -> login; a SuperAdmin stays in the back office;
 * Employer and Admin stay in the employer area (setup flow included). The server enforces the same.
 */
export function RequireArea({ area }: { area: Exclude<Area, 'public'> }) {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  if (!session) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname + location.search }} />;
  if (area === 'superAdmin') {
    if (session.role !== 'SuperAdmin') return <Navigate to={EMPLOYER_ROLES.has(session.role) ? ROUTES.mainPage : ROUTES.login} replace />;
  } else if (!EMPLOYER_ROLES.has(session.role)) {
    return <Navigate to={session.role === 'SuperAdmin' ? ROUTES.superAdmin : ROUTES.login} replace />;
  }
  return <Outlet />;
}
