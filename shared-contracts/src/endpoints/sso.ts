import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { idSchema, okSchema } from '../entities/session';
import { ssoDomainBodySchema, ssoEmailField, ssoSettingsBodySchema } from '../forms/sso';
import { SSO_MESSAGES } from '../messages/sso';
import { loginAnswerSchema } from '@portal/shared-contracts/endpoints/session';
import { idParams } from './shared';

// Company single sign-on with OpenID Connect (ours; docs/decisions/0035-single-sign-on.md): the
// employer's provider and proven domains, and the sign-in that the portal and the mobile app share.

const M = SSO_MESSAGES.sso;

export const ssoDomainSchema = lazySchema(() => z.object({
  id: idSchema,
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.nullable(z.string()),
  /** What to publish as a TXT record on the domain: `portal-verification=<random>`. */
  txtRecord: z.string(),
}));
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

/** The company's single sign-on as its administrators see it; the client secret is never answered. */
export const ssoSettingsSchema = lazySchema(() => z.object({
  configured: z.boolean(),
  issuer: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  hasSecret: z.boolean(),
  passwordsAllowed: z.boolean(),
  autoApprove: z.boolean(),
  /** The ID token claim that sets the employee's office at each sign-in, or null (docs/decisions/0054). */
  officeClaim: z.nullable(z.string()),
  /** The addresses to register with the provider. */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  domains: z.array(ssoDomainSchema),
}));
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const settingsAnswer = lazySchema(() => z.extend(okSchema, { settings: ssoSettingsSchema }));

const emailQuery = lazySchema(() => z.object({ email: ssoEmailField }));

const queryText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

export const ssoStartQuerySchema = lazySchema(() => z.object({
  email: ssoEmailField,
  client: z._default(z.enum(['web', 'mobile'], { error: M.clientInvalid }), 'web'),
  /** The mobile app's own redirect (its URL scheme), one the server's configuration allows. */
  redirect_uri: queryText(LIMITS.sso.redirectUriMax),
  /** The mobile app's PKCE challenge (S256 of its verifier): only the app that started may exchange the code. */
  code_challenge: queryText(LIMITS.sso.codeChallengeMax),
}));

export const ssoCallbackQuerySchema = lazySchema(() => z.object({
  code: queryText(2048),
  state: queryText(200),
  iss: queryText(LIMITS.sso.issuerMax),
  error: queryText(200),
  error_description: queryText(1000),
  session_state: queryText(1000),
}));

export const ssoExchangeBodySchema = lazySchema(() => z.object({
  code: z.string().check(z.minLength(1, M.codeRequired), z.maxLength(LIMITS.sso.codeMax)),
  /** The mobile app's PKCE verifier (the challenge it sent to start). */
  codeVerifier: z.optional(z.string().check(z.maxLength(LIMITS.sso.codeChallengeMax))),
  rememberMe: z.optional(z.boolean()),
}));
export type SsoExchangeBody = z.input<typeof ssoExchangeBodySchema>;

/**
 * A provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): its logout token, a JWT
 * the api checks against the provider's keys. Providers post it form-encoded; JSON is taken too.
 */
export const ssoBackchannelLogoutBodySchema = lazySchema(() => z.object({
  logout_token: z.string().check(z.minLength(1, M.logoutTokenInvalid), z.maxLength(LIMITS.sso.logoutTokenMax, M.logoutTokenInvalid)),
}));

const EMPLOYER_SIDE = ['Employer', 'Admin'] as const;

export const sso = lazyGroup(() => ({
  settings: defineEndpoint({
    id: 'sso.settings',
    method: 'GET',
    path: '/api/sso/settings',
    summary: "The caller's company single sign-on: provider, options and domains (never the client secret)",
    access: EMPLOYER_SIDE,
    response: settingsAnswer,
    tags: ['sso'],
  }),
  saveSettings: defineEndpoint({
    id: 'sso.saveSettings',
    method: 'PUT',
    path: '/api/sso/settings',
    summary: "Set the company's OpenID provider; its discovery document is fetched and checked first",
    access: EMPLOYER_SIDE,
    body: ssoSettingsBodySchema,
    response: settingsAnswer,
    tags: ['sso'],
  }),
  removeSettings: defineEndpoint({
    id: 'sso.removeSettings',
    method: 'DELETE',
    path: '/api/sso/settings',
    summary: 'Turn single sign-on off (domains stay proven); passwords work again',
    access: EMPLOYER_SIDE,
    response: settingsAnswer,
    tags: ['sso'],
  }),
  addDomain: defineEndpoint({
    id: 'sso.addDomain',
    method: 'POST',
    path: '/api/sso/domains',
    summary: 'Claim an email domain; it is used for sign-in once its DNS TXT record is verified',
    access: EMPLOYER_SIDE,
    body: ssoDomainBodySchema,
    response: settingsAnswer,
    status: 201,
    errors: [409],
    tags: ['sso'],
  }),
  verifyDomain: defineEndpoint({
    id: 'sso.verifyDomain',
    method: 'POST',
    path: '/api/sso/domains/{id}/verify',
    summary: "Look up the domain's TXT record portal-verification=<random>; a domain belongs to one company",
    access: EMPLOYER_SIDE,
    params: idParams,
    response: settingsAnswer,
    errors: [409],
    tags: ['sso'],
  }),
  removeDomain: defineEndpoint({
    id: 'sso.removeDomain',
    method: 'DELETE',
    path: '/api/sso/domains/{id}',
    summary: 'Remove a domain from the company',
    access: EMPLOYER_SIDE,
    params: idParams,
    response: settingsAnswer,
    tags: ['sso'],
  }),
  discover: defineEndpoint({
    id: 'sso.discover',
    method: 'GET',
    path: '/api/sso/discover',
    summary: "Whether an address's domain signs in with a company provider (the same shape for unknown and unverified domains)",
    access: 'public',
    query: emailQuery,
    response: z.extend(okSchema, { sso: z.boolean(), passwordsAllowed: z.boolean() }),
    errors: [429],
    tags: ['sso'],
  }),
  start: defineEndpoint({
    id: 'sso.start',
    method: 'GET',
    path: '/api/sso/start',
    summary: "Begin a sign-in with the company's provider: answers the authorization URL to open",
    access: 'public',
    query: ssoStartQuerySchema,
    response: z.extend(okSchema, { authorizationUrl: z.string() }),
    errors: [429],
    tags: ['sso'],
  }),
  callback: defineEndpoint({
    id: 'sso.callback',
    method: 'GET',
    path: '/api/sso/callback',
    summary: "The provider's redirect back: checks the answer and sends the browser on with a one-time code",
    access: 'public',
    query: ssoCallbackQuerySchema,
    response: z.object({ location: z.string() }),
    status: 303,
    redirect: true,
    tags: ['sso'],
  }),
  exchange: defineEndpoint({
    id: 'sso.exchange',
    method: 'POST',
    path: '/api/sso/exchange',
    summary: 'Trade the one-time code of a completed sign-in for a session (the login answer, and the cookie)',
    access: 'public',
    body: ssoExchangeBodySchema,
    response: loginAnswerSchema,
    errors: [403, 429],
    tags: ['sso'],
  }),
  backchannelLogout: defineEndpoint({
    id: 'sso.backchannelLogout',
    method: 'POST',
    path: '/api/sso/backchannel-logout',
    summary: "A provider's back-channel logout: ends the portal sessions its logout token names",
    access: 'public',
    body: ssoBackchannelLogoutBodySchema,
    response: okSchema,
    maxBodyBytes: 16 * 1024,
    tags: ['sso'],
  }),
} as const));
