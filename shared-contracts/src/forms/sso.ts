import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { SSO_MESSAGES } from '../messages/sso';
import { emailField, trimmed } from './fields';

// Single sign-on: the provider form of Company Settings, a domain, and the login page's address.

const M = SSO_MESSAGES.sso;

/**
 * A DNS name as a company types it: labels of letters, digits and hyphens (not at either end), 1 to
 * 63 characters each, at least two, the last not all digits. Checked by hand in one pass over a
 * length-capped value: no pattern can backtrack on it.
 */
export function isDomainName(value: string): boolean {
  if (value.length === 0 || value.length > LIMITS.sso.domainMax) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length < 1 || label.length > 63) return false;
    if (label.startsWith('-') || label.endsWith('-')) return false;
    for (let i = 0; i < label.length; i++) {
      const c = label.charCodeAt(i);
      const ok = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;
      if (!ok) return false;
    }
  }
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/**
 * An issuer URL: http(s), a host, no credentials, query or fragment. Whether plain http is allowed
 * (only a loopback issuer outside production) is the server's decision.
 */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return !!url.hostname && !url.username && !url.password && !url.search && !url.hash && !value.includes('#') && !value.includes('?');
}

const issuerField = lazySchema(() => trimmed().check(
  z.minLength(1, M.issuerRequired),
  z.maxLength(LIMITS.sso.issuerMax, { message: M.issuerMax, abort: true }),
  z.refine(isIssuerUrl, M.issuerInvalid),
));

/** The provider form: a new secret is required the first time; left empty later, the stored one is kept. */
export const ssoSettingsBodySchema = lazySchema(() => z.object({
  issuer: z.pipe(issuerField, z.transform((v) => v.replace(/\/+$/, ''))),
  clientId: trimmed().check(z.minLength(1, M.clientIdRequired), z.maxLength(LIMITS.sso.clientIdMax, M.clientIdMax)),
  clientSecret: z.optional(z.string().check(z.maxLength(LIMITS.sso.clientSecretMax, M.clientSecretMax))),
  passwordsAllowed: z.boolean(),
  autoApprove: z.boolean(),
  /**
   * The ID token claim naming the employee's office (docs/decisions/0054): empty for none; absent
   * keeps the stored one, so a client that does not know it changes nothing.
   */
  officeClaim: z.optional(
    trimmed().check(
      z.maxLength(LIMITS.sso.officeClaimMax, { message: M.officeClaimMax, abort: true }),
      z.refine((v) => v === '' || /^[\x21-\x7e]+$/.test(v), M.officeClaimInvalid),
    ),
  ),
}));
export type SsoSettingsBody = z.input<typeof ssoSettingsBodySchema>;

export const ssoDomainBodySchema = lazySchema(() => z.object({
  domain: z.pipe(
    trimmed().check(z.minLength(1, M.domainRequired), z.maxLength(LIMITS.sso.domainMax, { message: M.domainMax, abort: true })),
    z.pipe(z.transform((v: string) => v.toLowerCase().replace(/\.$/, '')), z.string().check(z.refine(isDomainName, M.domainInvalid))),
  ),
}));
export type SsoDomainBody = z.input<typeof ssoDomainBodySchema>;

/** The login page's address, as login checks it. */
export const ssoEmailField = lazySchema(() => emailField(LIMITS.signup.emailMax, {
  required: LOGIN_MESSAGES.login.emailRequired,
  tooLong: LOGIN_MESSAGES.login.emailMax,
  invalid: LOGIN_MESSAGES.login.emailInvalid,
}));
