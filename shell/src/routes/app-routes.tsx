import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { EmployerLayout } from '../layouts/employer-layout';
import { RouteRemote } from '../layouts/route-remote';
import { SuperAdminLayout } from '../layouts/super-admin-layout';
import { LoginRedirect, RequireArea } from './guards';
import { NotFoundPage } from './not-found-page';
import { nestedAliases, ROUTE_TABLE, type Area, type RemoteRoute } from './route-table';

function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

const byArea = (area: Area) => ROUTE_TABLE.filter((r) => r.area === area);

function routeElement(r: RemoteRoute) {
  const page = <RouteRemote route={r} />;
  return r.path === '/' ? <LoginRedirect>{page}</LoginRedirect> : page;
}

/** The full hash-route table of both documents; the shell owns only layouts, guards and the 404. */
export function AppRoutes() {
  return (
    <Routes>
      {byArea('public').map((r) => (
        <Route key={r.path} path={r.path} element={routeElement(r)} />
      ))}
      <Route element={<RequireArea area="setup" />}>
        {byArea('setup').map((r) => (
          <Route key={r.path} path={r.path} element={routeElement(r)} />
        ))}
      </Route>
      <Route element={<RequireArea area="employer" />}>
        <Route element={<EmployerLayout />}>
          {byArea('employer').map((r) => (
            <Route key={r.path} path={r.path} element={routeElement(r)} />
          ))}
        </Route>
      </Route>
      <Route element={<RequireArea area="superAdmin" />}>
        <Route element={<SuperAdminLayout />}>
          {byArea('superAdmin').map((r) => (
            <Route key={r.path} path={r.path} element={routeElement(r)} />
          ))}
        </Route>
      </Route>
      {nestedAliases().map((a) => (
        <Route key={a.from} path={a.from} element={<AliasRedirect to={a.to} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
