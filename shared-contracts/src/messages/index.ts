/**
 * Every user-facing string of the spec, once. Shell, remotes and api import from here;
 * a string that appears in the spec must not be typed anywhere else.
 *
 * The strings live in one module per area under messages/, and `MESSAGES` composes them. A page that
 * shows one area's texts imports that area (the login page `messages/login`, the other account pages
 * `messages/auth`, the shell's start-up `messages/shell`, the sign-up page and shared-ui's dialogs
 * `messages/labels`), so that it does not load every message of the product. Those four are shared
 * entries of their own and are named through the package, so this object reuses the one copy the
 * page already holds; the other areas are plain modules only this object imports
 * (docs/decisions/0024-contracts-entries.md, 0060-what-each-page-loads.md).
 */
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';
import { BACK_OFFICE_MESSAGES } from './back-office';
import { BILLING_MESSAGES } from './billing';
import { COMPANY_MESSAGES } from './company';
import { DATA_RIGHTS_MESSAGES } from './data-rights';
import { DRIVER_MESSAGES } from './drivers';
import { INPUT_MESSAGES } from './input';
import { INSIGHTS_MESSAGES } from './insights';
import { MONTHLY_REPORT_MESSAGES } from './monthly-reports';
import { REPORTS_MESSAGES } from './reports';
import { ROSTER_MESSAGES } from './roster';
import { RELEASE_FREEZE_MESSAGES } from './release-freezes';
import { RELEASE_PREVIEW_MESSAGES } from './release-previews';
import { NEW_REMOTE_MESSAGES } from './new-remote';
import { SSO_MESSAGES } from './sso';
import { SCIM_MESSAGES } from './scim';
import { TELEMETRY_MESSAGES } from './telemetry';

export { normaliseErrorBody } from '@portal/shared-contracts/messages/shell';
export { namesInBrief } from './company';

export const MESSAGES = {
  ...LOGIN_MESSAGES,
  ...AUTH_MESSAGES,
  ...COMPANY_MESSAGES,
  ...DRIVER_MESSAGES,
  ...BACK_OFFICE_MESSAGES,
  ...TELEMETRY_MESSAGES,
  ...SHELL_MESSAGES,
  ...LABEL_MESSAGES,
  ...BILLING_MESSAGES,
  ...INSIGHTS_MESSAGES,
  ...INPUT_MESSAGES,
  ...SSO_MESSAGES,
  ...REPORTS_MESSAGES,
  ...SCIM_MESSAGES,
  ...ROSTER_MESSAGES,
  ...RELEASE_FREEZE_MESSAGES,
  ...DATA_RIGHTS_MESSAGES,
  ...RELEASE_PREVIEW_MESSAGES,
  ...NEW_REMOTE_MESSAGES,
  ...MONTHLY_REPORT_MESSAGES,
} as const;
