import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { ROUTES } from '@portal/shared-contracts/routes';
import { SignUpState } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import { RouteRemote } from '../layouts/route-remote';
import { useAtomValue } from '../session/portal-store';
import { sessionAtom } from '../session/session-store';
import { RequireArea } from './guards';
import { LoginRedirect } from './login-redirect';
import { NotFoundPage } from './not-found-page';
import { NotForYourOffices } from './not-for-your-offices';
import { LAYOUTS } from './layouts';
import { PageLoading } from './page-heading';
import { addedRouteTable, closedToCaller, nestedAliases, ROUTE_TABLE, type Area, type RemoteRoute } from './route-table';

const EmployerLayout = lazy(() => LAYOUTS.employer().then((m) => ({ default: m.EmployerLayout })));
const SuperAdminLayout = lazy(() => LAYOUTS.superAdmin().then((m) => ({ default: m.SuperAdminLayout })));
const SetupLayout = lazy(() => LAYOUTS.setup().then((m) => ({ default: m.SetupLayout })));
// The release console is the shell's own page, so that it never depends on a remote it may have to
// roll back (docs/decisions/0020-release-console.md); fetched when a super admin opens it.
const ReleaseConsolePage = lazy(() => import('../release-console/release-console-page').then((m) => ({ default: m.ReleaseConsolePage })));
const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function RoutedRemote({ route }: { route: RemoteRoute }) {
  const { session } = usePlatform();
  const params = useParams();
  if (closedToCaller(route, session?.offices)) return <NotForYourOffices title={route.title} />;
  return <RouteRemote route={route} params={params} loading={<PageLoading title={route.heading ? route.title : undefined} />} />;
}

function routeElement(r: RemoteRoute) {
  const page = <RoutedRemote route={r} />;
  return r.path === '/' ? <LoginRedirect>{page}</LoginRedirect> : page;
}

/**
 * The routes of one area of the table, then those of the remotes added since the shell was built, as
 * <Route>s; `onceSetUp` picks the setup pages a company also uses once set up (or all the others).
 */
const routesOf = (area: Area, onceSetUp = false) =>
  [...ROUTE_TABLE, ...addedRouteTable()]
    .filter((r) => r.area === area && !!r.employerOnceSetUp === onceSetUp)
    .map((r) => <Route key={r.path} path={r.path} element={routeElement(r)} />);

/** The employer area's layout once the company's setup is finished, the setup steps' header before. */
function SetupOrEmployerLayout() {
  const session = useAtomValue(sessionAtom);
  return session?.signUpState === SignUpState.SetUpComplete ? <EmployerLayout /> : <SetupLayout />;
}

/** The full hash-route table of both documents; the shell owns only layouts, guards and the 404. */
export function AppRoutes() {
  return (
    <Routes>
      {routesOf('public')}
      <Route element={<RequireArea area="setup" />}>
        <Route
          element={
            <Loading>
              <SetupLayout />
            </Loading>
          }
        >
          {routesOf('setup')}
        </Route>
        <Route
          element={
            <Loading>
              <SetupOrEmployerLayout />
            </Loading>
          }
        >
          {routesOf('setup', true)}
        </Route>
      </Route>
      <Route element={<RequireArea area="employer" />}>
        <Route
          element={
            <Loading>
              <EmployerLayout />
            </Loading>
          }
        >
          {routesOf('employer')}
        </Route>
      </Route>
      <Route element={<RequireArea area="superAdmin" />}>
        <Route
          element={
            <Loading>
              <SuperAdminLayout />
            </Loading>
          }
        >
          {routesOf('superAdmin')}
          <Route
            path={ROUTES.superAdminReleases}
            element={
              <Loading>
                <ReleaseConsolePage />
              </Loading>
            }
          />
        </Route>
      </Route>
      {nestedAliases().map((a) => (
        <Route key={a.from} path={a.from} element={<AliasRedirect to={a.to} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
