/**
 * Longer texts of some operations in the OpenAPI document: how a client strings them together. Kept
 * with the api, not in the contracts, so the pages that import the endpoints do not carry them.
 */
export const OPERATION_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'sso.discover':
    "Step 1 of single sign-on (the login page and the mobile app). `sso` says whether the address's domain signs in with its company's OpenID provider; `passwordsAllowed` whether a password login is still open to the company's administrators. An unknown domain, one that is only claimed and a deactivated company's answer the same `{ sso: false, passwordsAllowed: true }`. Limited per address and client.",
  'sso.start':
    'Step 2. The portal calls it with `client=web` (the default): the answer sets an HttpOnly cookie that binds this browser to the sign-in, and the page goes to `authorizationUrl`. The mobile app makes a PKCE pair of its own (`code_verifier`, 43-128 URL-safe characters; `code_challenge` = base64url(SHA-256(verifier))) and calls `?email=<address>&client=mobile&redirect_uri=<its scheme, one the server allows: SSO_APP_REDIRECT_URIS>&code_challenge=<challenge>`, then opens `authorizationUrl` in the system browser. An address whose domain has no single sign-on answers 400.',
  'sso.callback':
    "Step 3, the provider's redirect (register `PUBLIC_URL/api/sso/callback` with the provider). The answer is checked (state, PKCE, the RFC 9207 `iss`, the ID token's signature, issuer, audience, expiry and nonce) and the browser is sent on with a one-time code: the portal's page to `/#/?sso=<code>`, the mobile app to `<redirect_uri>?code=<code>`. When no session can be opened it is sent there with `sso_status=` (portal) or `error=` (app): `pending` (a join request now waits for the employer), `employee` (the portal only: an approved employee, who uses the app), `not-allowed`, `disabled`, `expired` or `failed`.",
  'sso.exchange':
    'Step 4. Trades the one-time code, once and within two minutes, for the login answer (`token`, the user) and the session cookie, as a password login does. The portal sends it from the browser that started (its cookie); the mobile app sends `codeVerifier`, the verifier of the challenge it started with, then uses `token` as `Authorization: Bearer`.',
};
