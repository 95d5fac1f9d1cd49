import { SignUpState, type Role } from '@portal/shared-contracts/constants';

/**
 * The spec's routes (document 2 route table plus the employer routes of document 1).
 * The portal is hash-routed: `/#/setup-account?employer_id=...` and `/#/reset-password?...` work as mailed.
 */
export const ROUTES = {
  login: '/',
  signup: '/Signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setupAccount: '/setup-account',
  downloadLinks: '/download-links',
  setupCompany: '/setup-company',
  setupCompanyWithId: (id: string) => `/setup-company/${encodeURIComponent(id)}`,
  setupIncentives: '/setup-company-incentives',
  setupEmployees: '/setup-company-employee-details',
  accountCompleted: '/account-completed',
  accountCompletedFor: (companyId: string) => `/account-completed/${encodeURIComponent(companyId)}`,
  addManually: '/add-manually-employee',
  /** Ours: the page a monthly report's unsubscribe link opens, no sign-in (docs/decisions/0049). */
  unsubscribe: '/unsubscribe',

  // employer area (layout at /mainPage)
  mainPage: '/mainPage',
  companySettings: '/company-settings',
  companySettingsDetails: '/company-settings/company-details',
  companySettingsIncentives: '/company-settings/company-incentives',
  /** Ours: the company's audit log. */
  companySettingsAuditLog: '/company-settings/audit-log',
  payment: '/payment',
  employeeManagement: '/employee-management',
  userManagement: '/user-management',
  loginDetails: '/login-details',

  // super-admin area (layout at /super-admin)
  superAdmin: '/super-admin',
  allUsers: '/all-users',
  pendingDrivers: '/pending-drivers',
  approvedDrivers: '/approved-drivers',
  drivers: '/drivers',
  admins: '/admins',
  superAdminProfile: '/super-admin-profile',
  /** Ours: every company's audit log. */
  superAdminAuditLog: '/super-admin/audit-log',
  /** Ours: mails whose delivery failed for good. */
  superAdminMail: '/super-admin/mail',
  /** Ours: the scheme's settings: trial length, support contact (docs/decisions/0033-trial-and-consent.md). */
  superAdminSettings: '/super-admin/settings',
  /** Ours: the release console, the shell's own page (docs/decisions/0020-release-console.md). */
  superAdminReleases: '/super-admin/releases',
} as const;

/** The spec's two tabs, then ours (single sign-on). */
export const COMPANY_SETTINGS_TABS = ['Company Details', 'Incentives', 'Single sign-on', 'Version freeze'] as const;
export type CompanySettingsTab = (typeof COMPANY_SETTINGS_TABS)[number];

export interface PostLoginTarget {
  path: string;
  /** Set when the state was not one of 0..3: the caller logs it as a console warning. */
  warning?: string;
}

/** Where a user goes after login (section 4 of both documents). */
export function routeAfterLogin(role: Role | string, signUpState: number | null | undefined): PostLoginTarget {
  if (role === 'SuperAdmin') return { path: ROUTES.superAdmin };
  switch (signUpState) {
    case SignUpState.SetUpCompany:
      return { path: ROUTES.setupCompany };
    case SignUpState.SetUpIncentive:
      return { path: ROUTES.setupIncentives };
    case SignUpState.SetUpEmployee:
      return { path: ROUTES.setupEmployees };
    case SignUpState.SetUpComplete:
      return { path: ROUTES.mainPage };
    default:
      return { path: ROUTES.setupCompany, warning: `Unknown sign-up state: ${String(signUpState)}` };
  }
}

/**
 * The shared employee link: site origin + /#/setup-account?employer_id={company id}. Ours: an
 * office's link adds `&office_id={office id}`, so who joins through it lands in that office.
 */
export function employeeShareLink(origin: string, companyId: string, officeId?: string): string {
  const office = officeId ? `&office_id=${encodeURIComponent(officeId)}` : '';
  return `${origin}/#${ROUTES.setupAccount}?employer_id=${encodeURIComponent(companyId)}${office}`;
}

/** A monthly report's unsubscribe page and the api address of its one-click POST (RFC 8058). */
export function unsubscribeLinks(publicUrl: string, token: string): { page: string; oneClick: string } {
  const base = publicUrl.replace(/\/+$/, '');
  const t = encodeURIComponent(token);
  return { page: `${base}/#${ROUTES.unsubscribe}?token=${t}`, oneClick: `${base}/api/monthly-reports/unsubscribe?token=${t}` };
}

/** The mailed reset link, built from the configured public URL (never from the Host header). */
export function resetPasswordLink(publicUrl: string, email: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/#${ROUTES.resetPassword}?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}
