import { ROUTES, type RemoteId } from '@portal/shared-contracts';

export type Area = 'public' | 'setup' | 'employer' | 'superAdmin';

export interface RemoteRoute {
  path: string;
  area: Area;
  remote: RemoteId;
  module: string;
  /** Fixed props of the exposed module (e.g. a variant or a tab). */
  props?: Record<string, unknown>;
  /** Route params passed on as props: `{ companyId: 'id' }` gives the module `companyId` from `:id`. */
  paramProps?: Record<string, string>;
  /** The layout hides its tab nav (employer) or top bar (super admin) on this route. */
  hideNav?: boolean;
  hideTopBar?: boolean;
}

/**
 * The whole route table of both documents, each path mapped to the remote module that draws it.
 * The shell owns only the layouts around them and the 404 page.
 */
export const ROUTE_TABLE: readonly RemoteRoute[] = [
  // stand-alone, public
  { path: ROUTES.login, area: 'public', remote: 'mfe-auth', module: 'LoginPage' },
  { path: ROUTES.signup, area: 'public', remote: 'mfe-auth', module: 'SignupPage' },
  { path: ROUTES.forgotPassword, area: 'public', remote: 'mfe-auth', module: 'ForgotPasswordPage' },
  { path: ROUTES.resetPassword, area: 'public', remote: 'mfe-auth', module: 'ResetPasswordPage' },
  { path: ROUTES.setupAccount, area: 'public', remote: 'mfe-employees', module: 'SetupAccountPage' },
  { path: ROUTES.downloadLinks, area: 'public', remote: 'mfe-employees', module: 'DownloadLinksPage' },
  // stand-alone, employer session (setup flow)
  { path: ROUTES.setupCompany, area: 'setup', remote: 'mfe-onboarding', module: 'SetupCompanyPage' },
  { path: `${ROUTES.setupCompany}/:id`, area: 'setup', remote: 'mfe-onboarding', module: 'SetupCompanyPage', paramProps: { companyId: 'id' } },
  { path: ROUTES.setupIncentives, area: 'setup', remote: 'mfe-onboarding', module: 'SetupIncentivesPage' },
  { path: ROUTES.setupEmployees, area: 'setup', remote: 'mfe-onboarding', module: 'SetupEmployeesPage' },
  { path: ROUTES.accountCompleted, area: 'setup', remote: 'mfe-onboarding', module: 'AccountCompletedPage' },
  { path: `${ROUTES.accountCompleted}/:companyId`, area: 'setup', remote: 'mfe-onboarding', module: 'AccountCompletedPage', paramProps: { companyId: 'companyId' } },
  { path: ROUTES.addManually, area: 'setup', remote: 'mfe-employees', module: 'AddManuallyPage' },
  // employer layout
  { path: ROUTES.mainPage, area: 'employer', remote: 'mfe-insights', module: 'DashboardPage' },
  { path: ROUTES.companySettings, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage' },
  { path: ROUTES.companySettingsDetails, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage', props: { tab: 'Company Details' } },
  { path: ROUTES.companySettingsIncentives, area: 'employer', remote: 'mfe-onboarding', module: 'CompanySettingsPage', props: { tab: 'Incentives' } },
  { path: ROUTES.payment, area: 'employer', remote: 'mfe-billing', module: 'BillingPage' },
  { path: ROUTES.employeeManagement, area: 'employer', remote: 'mfe-employees', module: 'EmployeeManagementPage' },
  { path: ROUTES.userManagement, area: 'employer', remote: 'mfe-auth', module: 'AdminUsersPage', props: { variant: 'employer' } },
  { path: ROUTES.loginDetails, area: 'employer', remote: 'mfe-auth', module: 'ChangePasswordPage', props: { variant: 'employer' } },
  // super-admin layout
  { path: ROUTES.superAdmin, area: 'superAdmin', remote: 'mfe-onboarding', module: 'AllEmployersPage' },
  { path: ROUTES.allUsers, area: 'superAdmin', remote: 'mfe-employees', module: 'AllUsersPage' },
  { path: ROUTES.pendingDrivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage', props: { tab: 'Pending' } },
  { path: ROUTES.approvedDrivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage', props: { tab: 'Approved' } },
  { path: ROUTES.drivers, area: 'superAdmin', remote: 'mfe-drivers', module: 'DriversPage' },
  { path: ROUTES.admins, area: 'superAdmin', remote: 'mfe-auth', module: 'AdminUsersPage', props: { variant: 'superAdmin' } },
  { path: ROUTES.superAdminProfile, area: 'superAdmin', remote: 'mfe-auth', module: 'ChangePasswordPage', props: { variant: 'superAdmin' } },
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

/** The route drawn at exactly this path (the nav links' targets). */
export function routeAt(path: string): RemoteRoute | undefined {
  return ROUTE_TABLE.find((r) => r.path === path);
}

/** Routes anyone may open (document 2 route table); everything else needs a session. */
export function isPublicPath(pathname: string): boolean {
  return routeAt(pathname)?.area === 'public';
}
