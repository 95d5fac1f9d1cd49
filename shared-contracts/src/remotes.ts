import type { ComponentType } from 'react';

/**
 * The feature remotes and the modules each exposes. The shell never imports a remote: it loads
 * `${mfName}/${module}` at run time and renders it with the props declared here.
 */
export const REMOTE_IDS = ['mfe-auth', 'mfe-onboarding', 'mfe-employees', 'mfe-drivers', 'mfe-insights', 'mfe-billing'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

export interface RemoteInfo {
  /** Module Federation container name (a JS identifier). */
  mfName: string;
  /** Human name, used by the "feature unavailable" panel. */
  feature: string;
  /** Rspack dev server port (DESIGN.md section 5: remotes 3001 upward). */
  devPort: number;
  /** Exposed module names (without "./"). */
  exposes: readonly string[];
}

export const REMOTES: Record<RemoteId, RemoteInfo> = {
  'mfe-auth': {
    mfName: 'mfe_auth',
    feature: 'Account',
    devPort: 3001,
    exposes: [
      'LoginPage',
      'SignupPage',
      'ForgotPasswordPage',
      'ResetPasswordPage',
      'ChangePasswordPage',
      'AdminUsersPage',
    ],
  },
  'mfe-onboarding': {
    mfName: 'mfe_onboarding',
    feature: 'Company setup',
    devPort: 3002,
    exposes: [
      'SetupCompanyPage',
      'SetupIncentivesPage',
      'SetupEmployeesPage',
      'AccountCompletedPage',
      'CompanySettingsPage',
      'AllEmployersPage',
      'EmployerModal',
    ],
  },
  'mfe-employees': {
    mfName: 'mfe_employees',
    feature: 'Employee management',
    devPort: 3003,
    exposes: [
      'EmployeeManagementPage',
      'AddManuallyPage',
      'ImportCsvDialog',
      'ShareLinkDialog',
      'JoinRequestsBell',
      'SetupAccountPage',
      'DownloadLinksPage',
      'AllUsersPage',
    ],
  },
  'mfe-drivers': {
    mfName: 'mfe_drivers',
    feature: 'Driver verification',
    devPort: 3004,
    exposes: ['DriversPage', 'NotificationsBell'],
  },
  'mfe-insights': {
    mfName: 'mfe_insights',
    feature: 'Insights',
    devPort: 3005,
    exposes: ['DashboardPage', 'ParticipationTab', 'JourneyGroupsTab'],
  },
  'mfe-billing': {
    mfName: 'mfe_billing',
    feature: 'Billing',
    devPort: 3006,
    exposes: ['BillingPage'],
  },
};

// ---------------------------------------------------------------- props of exposed modules
/** Pages rendered by a route get no props unless listed here; they read the URL through the platform. */
export interface ChangePasswordPageProps {
  /** employer: /login-details, Ok goes to /; superAdmin: /super-admin-profile, Ok goes to /super-admin. */
  variant: 'employer' | 'superAdmin';
}
export interface AdminUsersPageProps {
  /** superAdmin: the Admins page (account type Super Admin or Employer); employer: User Management (role Admin). */
  variant: 'employer' | 'superAdmin';
}
export interface AccountCompletedPageProps {
  companyId?: string;
}
export interface SetupCompanyPageProps {
  companyId?: string;
}
export interface CompanySettingsPageProps {
  /** Set by the sub-routes /company-settings/company-details and /company-settings/company-incentives. */
  tab?: 'Company Details' | 'Incentives';
}
export interface DialogWidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful import (setup step 3 goes to /employee-management). */
  onDone?: () => void;
  /** Setup step 3 shows "Error: User/s already exists." for duplicates. */
  context?: 'setup' | 'management';
}
export interface EmployerModalProps {
  employerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
export interface DriversPageProps {
  tab?: 'Approved' | 'Pending';
}
/** A slot the shell fills with another remote's module (e.g. the insights tabs inside Employee Management). */
export interface RemoteSlotProps {
  remote: RemoteId;
  module: string;
  props?: Record<string, unknown>;
}
export type RemoteSlotComponent = ComponentType<RemoteSlotProps>;
