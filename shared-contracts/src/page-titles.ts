import { PAGE_NAMES, SHELL_START_MESSAGES as SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell-start';

const [DASHBOARD, COMPANY_SETTINGS, EMPLOYEE_MANAGEMENT, USER_MANAGEMENT] = PAGE_NAMES.employerNav;

/**
 * The name of each page, as the browser tab and history show it (`pageTitle`). Names follow the
 * spec's screen names and headings; the shell's route table gives every route one of them.
 */
export const PAGE_TITLES = {
  login: 'Log In',
  signup: 'Sign Up',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  unsubscribe: 'Unsubscribe',
  setupAccount: 'Set Up Your Account',
  downloadLinks: 'Download the App',
  setupCompany: 'Company Setup: Company Details',
  setupIncentives: 'Company Setup: Incentives',
  setupEmployees: 'Company Setup: Employees',
  accountCompleted: 'Account Completed',
  addManually: 'Add Employees Manually',
  dashboard: DASHBOARD,
  companySettings: COMPANY_SETTINGS,
  payment: PAGE_NAMES.payment,
  employeeManagement: EMPLOYEE_MANAGEMENT,
  userManagement: USER_MANAGEMENT,
  myProfile: 'My Profile',
  allEmployers: 'All Employers',
  allUsers: 'All Users',
  pendingDrivers: 'Pending Drivers',
  approvedDrivers: 'Approved Drivers',
  allDrivers: PAGE_NAMES.allDrivers,
  admins: PAGE_NAMES.admins,
  auditLog: PAGE_NAMES.auditLog,
  failedMail: PAGE_NAMES.failedMail,
  releases: PAGE_NAMES.releases,
  schemeSettings: PAGE_NAMES.schemeSettings,
  notFound: SHELL_MESSAGES.notFound.text,
} as const;

/** The document title of a page: "Employee Management · Commute Portal". */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SHELL_MESSAGES.product.name}` : SHELL_MESSAGES.product.name;
}
