import { ROUTES } from '@portal/shared-contracts/routes';
import { PAGE_TITLES as T } from '@portal/shared-contracts/page-titles';
import type { RemoteId } from '@portal/shared-contracts/remotes';
import { mayCall } from '@portal/shared-contracts/scheme';
import { addedRemotes, addedRemotesChanges } from '../remotes/added-remotes';
import { PUBLIC_ROUTE_TABLE } from './public-routes';
import type { Area, RemoteRoute } from './remote-route';

export { isPublicPath } from './public-routes';

export type { Area, RemoteRoute } from './remote-route';

/** Company Settings' calls: its details and its incentives. */
const SETTINGS = ['employers.update', 'employers.getIncentive'] as const;

/**
 * The whole route table of both documents, each path mapped to the remote module that draws it.
 * The shell owns only the layouts around them and the 404 page. The public rows live in
 * `public-routes.ts`, which the login page's path loads without the rest of this table.
 */
export const ROUTE_TABLE: readonly RemoteRoute[] = [
  ...PUBLIC_ROUTE_TABLE,
  // stand-alone, employer session (setup flow)
  { path: ROUTES.setupCompany, title: T.setupCompany, area: 'setup', remote: 'mfe-onboarding', module: 'SetupCompanyPage' },
  { path: `${ROUTES.setupCompany}/:id`, title: T.setupCompany, area: 'setup', remote: 'mfe-onboarding', module: 'SetupCompanyPage', paramProps: { companyId: 'id' } },
  { path: ROUTES.setupIncentives, title: T.setupIncentives, area: 'setup', remote: 'mfe-onboarding', module: 'SetupIncentivesPage' },
  { path: ROUTES.setupEmployees, title: T.setupEmployees, area: 'setup', remote: 'mfe-onboarding', module: 'SetupEmployeesPage' },
  { path: ROUTES.accountCompleted, title: T.accountCompleted, area: 'setup', remote: 'mfe-onboarding', module: 'AccountCompletedPage' },
  { path: `${ROUTES.accountCompleted}/:companyId`, title: T.accountCompleted, area: 'setup', remote: 'mfe-onboarding', module: 'AccountCompletedPage', paramProps: { companyId: 'companyId' } },
  { path: ROUTES.addManually, title: T.addManually, area: 'setup', remote: 'mfe-employees', module: 'AddManuallyPage', employerOnceSetUp: true },
  // employer layout
  { path: ROUTES.mainPage, title: T.dashboard, area: 'employer', remote: 'mfe-insights', module: 'DashboardPage', calls: ['insights.dashboard'], heading: true },
  { path: ROUTES.companySettings, title: T.companySettings, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage', calls: SETTINGS, heading: true },
  { path: ROUTES.companySettingsDetails, title: T.companySettings, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage', props: { tab: 'Company Details' }, calls: SETTINGS, heading: true },
  { path: ROUTES.companySettingsIncentives, title: T.companySettings, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage', props: { tab: 'Incentives' }, calls: SETTINGS, heading: true },
  { path: ROUTES.payment, title: T.payment, area: 'employer', remote: 'mfe-billing', module: 'BillingPage', calls: ['billing.billing'], heading: true },
  { path: ROUTES.employeeManagement, title: T.employeeManagement, area: 'employer', remote: 'mfe-employees', module: 'EmployeeManagementPage', calls: ['employees.list'], heading: true },
  { path: ROUTES.userManagement, title: T.userManagement, area: 'employer', remote: 'mfe-auth', module: 'AdminUsersPage', props: { variant: 'employer' }, calls: ['accounts.employerAdmins'] },
  { path: ROUTES.loginDetails, title: T.myProfile, area: 'employer', remote: 'mfe-auth', module: 'ChangePasswordPage', props: { variant: 'employer' } },
  { path: ROUTES.companySettingsAuditLog, title: T.auditLog, area: 'employer', remote: 'mfe-auth', module: 'AuditLogPage', props: { variant: 'employer' }, calls: ['audit.list'] },
  // super-admin layout
  { path: ROUTES.superAdmin, title: T.allEmployers, area: 'superAdmin', remote: 'mfe-onboarding', module: 'AllEmployersPage' },
  { path: ROUTES.allUsers, title: T.allUsers, area: 'superAdmin', remote: 'mfe-employees', module: 'AllUsersPage' },
  { path: ROUTES.pendingDrivers, title: T.pendingDrivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage', props: { tab: 'Pending' } },
  { path: ROUTES.approvedDrivers, title: T.approvedDrivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage', props: { tab: 'Approved' } },
  { path: ROUTES.drivers, title: T.allDrivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage' },
  { path: ROUTES.admins, title: T.admins, area: 'superAdmin', remote: 'mfe-auth', module: 'AdminUsersPage', props: { variant: 'superAdmin' } },
  { path: ROUTES.superAdminProfile, title: T.myProfile, area: 'superAdmin', remote: 'mfe-auth', module: 'ChangePasswordPage', props: { variant: 'superAdmin' } },
  { path: ROUTES.superAdminAuditLog, title: T.auditLog, area: 'superAdmin', remote: 'mfe-auth', module: 'AuditLogPage', props: { variant: 'superAdmin' } },
  { path: ROUTES.superAdminMail, title: T.failedMail, area: 'superAdmin', remote: 'mfe-auth', module: 'FailedMailPage' },
  { path: ROUTES.superAdminSettings, title: T.schemeSettings, area: 'superAdmin', remote: 'mfe-onboarding', module: 'SchemeSettingsPage' },
];

/**
 * Document 2 nests the layouts' children under /mainPage and /super-admin; document 1 and the mailed
 * links use the top-level paths. Both work: the nested form redirects to the top-level one, so the
 * nav highlights one path per page.
 */
export function nestedAliases(): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const r of ROUTE_TABLE) {
    if (r.area === 'employer' && r.path !== ROUTES.mainPage) out.push({ from: `${ROUTES.mainPage}${r.path}`, to: r.path });
    if (r.area === 'superAdmin' && r.path !== ROUTES.superAdmin) out.push({ from: `${ROUTES.superAdmin}${r.path}`, to: r.path });
  }
  return out;
}

/** The first segment of a path, as the router compares it (any case). */
const firstSegment = (path: string) => path.split('/')[1]?.toLowerCase() ?? '';

type AddedRoute = RemoteRoute & { nav?: string };
let cached: { changes: number; table: AddedRoute[] } | null = null;

/** The pages of the remotes this page learnt from release.json (see `buildAddedTable`), worked out once per change. */
export function addedRouteTable(): AddedRoute[] {
  if (cached?.changes !== addedRemotesChanges()) cached = { changes: addedRemotesChanges(), table: buildAddedTable(addedRemotes()) };
  return cached.table;
}

/**
 * The pages of the remotes added since the shell was built (docs/decisions/0050), each with its nav
 * label if it has one. A page whose first segment is one a built-in route, an alias or the shell's own
 * pages use is dropped (an added remote cannot shadow or sit under a built-in page), and so is a path
 * an earlier added remote took.
 */
export function buildAddedTable(apps: ReturnType<typeof addedRemotes>): AddedRoute[] {
  const paths = [...ROUTE_TABLE.map((r) => r.path), ...Object.values(ROUTES).flatMap((p) => (typeof p === 'string' ? [p] : []))];
  const taken = new Set(paths.map(firstSegment));
  const out: AddedRoute[] = [];
  const mine = new Set<string>();
  for (const [id, app] of apps) {
    for (const r of app.routes) {
      const path = r.path.toLowerCase();
      if (taken.has(firstSegment(path)) || mine.has(path)) {
        console.warn(`${id}: ${r.path} would shadow a page of the portal; it is not added.`);
        continue;
      }
      mine.add(path);
      out.push({ path, area: r.area, remote: id as RemoteId, module: r.module, title: r.title, ...(r.nav ? { nav: r.nav } : {}) });
    }
  }
  return out;
}

/**
 * Whether the signed-in user may not use this route's page: an admin limited to some offices, and a
 * call the page needs is closed to them (docs/decisions/0051-office-administrators.md).
 */
export function closedToCaller(route: Pick<RemoteRoute, 'calls'> | undefined, offices: readonly string[] | null | undefined): boolean {
  return route?.calls !== undefined && !mayCall(offices, route.calls);
}

/** The nav entries of an area's added pages (those that name a nav label), after the built-in ones. */
export function addedNav(area: Area): { to: string; label: string }[] {
  return addedRouteTable().flatMap((r) => (r.area === area && r.nav ? [{ to: r.path, label: r.nav }] : []));
}

/** The route drawn at exactly this path (the nav links' targets). */
export function routeAt(path: string): RemoteRoute | undefined {
  return ROUTE_TABLE.find((r) => r.path === path) ?? addedRouteTable().find((r) => r.path === path);
}
