import type { AnyEndpoint } from './endpoint';

// The scheme's commercial and support rules (docs/decisions/0033-trial-and-consent.md). Kept out of
// constants.ts and endpoint.ts, which the login page loads, since only signed-in pages and the api use them.

/**
 * The free trial every new company starts on: its length is a scheme setting (super admins, 0 to
 * `maxDays`; 0 is no free trial); the grace period after an unaccepted trial ends is fixed, and after
 * it the company's data is read-only until it subscribes.
 */
export const TRIAL = { defaultDays: 30, maxDays: 365, graceDays: 14 } as const;

/** What the support form and the scheme settings hold. */
export const SUPPORT_LIMITS = { subjectMax: 120, messageMax: 5000, emailMax: 255, phoneMax: 30, hoursMax: 120 } as const;

/**
 * The changes the users of a company whose free trial ended past its grace period may still make:
 * starting the subscription (and cancel and resume, which a trial answers 409), their own password,
 * a message to support. Logging out needs no session, so it is never restricted.
 */
export const ALLOWED_WHILE_RESTRICTED: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'billing.start',
  'billing.cancel',
  'billing.resume',
  'accounts.changePassword',
  'support.message',
]);

/**
 * Whether a company whose free trial ended past its grace period has this call refused (402): a
 * change a company's user (employer, admin, employee) can make, other than those above. Reads are
 * never restricted; super admins have no company.
 */
export function restrictedAfterTrial(e: Pick<AnyEndpoint, 'id' | 'method' | 'access'>): boolean {
  if (e.method === 'GET' || ALLOWED_WHILE_RESTRICTED.has(e.id)) return false;
  if (e.access === 'public' || e.access === 'optional') return false;
  return e.access === 'session' || e.access.some((r) => r !== 'SuperAdmin');
}

/**
 * What an admin limited to some offices may call (docs/decisions/0051-office-administrators.md):
 * the calls that apply the office scope. Every other call limited to roles refuses them (403) before
 * its handler runs, so an endpoint that forgets the scope is closed to them rather than open; a call
 * joins this list in the change that makes it apply the scope. Calls on the caller's own session
 * (access `session`) are theirs like anyone's.
 */
export const OFFICE_ADMIN_ENDPOINTS: ReadonlySet<string> = new Set([
  'insights.dashboard',
  'insights.trend',
  'insights.co2',
  'insights.participation',
  'insights.participationAllTime',
  'insights.participationExport',
  'insights.journeyGroups',
  'insights.journeyGroupsExport',
  'reports.category7',
  // Their offices' employees and join requests (docs/decisions/0053-office-admins-manage-their-offices.md).
  'employees.list',
  'employees.pending',
  'employees.get',
  'employees.accept',
  'employees.bulkAccept',
  'employees.bulkReject',
  'employees.reject',
  'employees.deactivate',
  'employees.reactivate',
  'employees.setOffice',
  'employees.remove',
  'insights.feedbacks',
  // Journey groups whose members are all of their offices (decision 0053).
  'journeyGroups.create',
  'journeyGroups.update',
  'journeyGroups.remove',
]);

/** Whether an admin limited to some offices is refused this call before its handler runs. */
export function closedToOfficeAdmins(e: Pick<AnyEndpoint, 'id' | 'access'>): boolean {
  return Array.isArray(e.access) && !OFFICE_ADMIN_ENDPOINTS.has(e.id);
}

/**
 * Whether an admin limited to some offices may call every one of these role-limited calls, by id: a
 * page's (the shell hides a menu item, and shows a page's link as not available, when one is not).
 */
export function openToOfficeAdmins(ids: readonly string[]): boolean {
  return ids.every((id) => OFFICE_ADMIN_ENDPOINTS.has(id));
}

/**
 * Whether a caller with these offices (null or absent: the whole company) may make every one of these
 * calls: anyone not limited to offices may; an office admin only the calls open to them.
 */
export function mayCall(offices: readonly string[] | null | undefined, ids: readonly string[]): boolean {
  return !offices || openToOfficeAdmins(ids);
}
