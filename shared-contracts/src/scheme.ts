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
export const ALLOWED_WHILE_RESTRICTED: ReadonlySet<string> = new Set([
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
