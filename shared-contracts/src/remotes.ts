import type { ComponentType } from 'react';
import remotes from './remotes.json' with { type: 'json' };

/**
 * The feature remotes and the modules each exposes. The shell never imports a remote: it loads
 * `${mfName}/${module}` at run time and renders it with the props declared here. The facts live in
 * remotes.json so that the build configuration (@portal/build-config, plain Node) reads the same ones.
 */
export type RemoteId = keyof typeof remotes;
export const REMOTE_IDS = Object.keys(remotes) as readonly RemoteId[];

export interface RemoteInfo {
  /** Module Federation container name (a JS identifier). */
  mfName: string;
  /** Human name, used by the "feature unavailable" panel. */
  feature: string;
  /** Rspack dev server port (DESIGN.md section 5: remotes 3001 upward). */
  devPort: number;
  /** Exposed module names (without "./"); each is the default export of src/exposes/<kebab-case name>.tsx. */
  exposes: readonly string[];
  /**
   * Only for a remote made with `pnpm create-remote`: the pages it draws. The build records them and
   * publishing puts them into release.json, so that a shell built before the remote existed shows
   * them (docs/decisions/0050). The built-in remotes' pages are the shell's route table.
   */
  routes?: readonly { path: string; area: string; module: string; title: string; nav?: string }[];
}

export const REMOTES: Record<RemoteId, RemoteInfo> = remotes;

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
export interface AuditLogPageProps {
  /** superAdmin: every company's log, with a company filter; employer: the caller's company's. */
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
  /** The dialog's job is done: an import finished, or the share link copied (either finishes setup step 3). */
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
