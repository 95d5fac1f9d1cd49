import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as jose from 'jose';
import { LIMITS, MESSAGES, fullName, type LoginAnswer, type SsoSettings } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Tx } from '../../db/client';
import { companies, sessions, ssoConnections, ssoDomains, ssoIdentities, ssoLogins, users } from '../../db/schema';
import { isUniqueViolation, rows, toIso } from '../../db/sql';
import { recordAuthEvent } from '../../lib/auth-events';
import { recordCompanyAudit, recordUserAudit, userAsActor } from '../../lib/audit';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { createUser } from '../../lib/new-user';
import { NO_PASSWORD } from '../../lib/passwords';
import type { ClientMeta } from '../../lib/request-meta';
import { hashToken, newToken } from '../../lib/tokens';
import { describeUser, loginAnswer } from '../../lib/session-user';
import { createSession, endProviderSessions, type AuthUser, type NewSession } from '../../lib/sessions';
import { companyOffices } from '../../lib/office-names';
import { forgetProvider, insecureAllowed, issuerAllowed, oidc, providerConfig, type ProviderClient } from './provider';

/**
 * Company single sign-on with OpenID Connect (docs/decisions/0035-single-sign-on.md).
 *
 * - An employer sets its provider (checked by fetching its discovery document) and proves its email
 *   domains by a DNS TXT record; a verified domain belongs to one company (a unique index).
 * - A sign-in starts from an address whose domain is verified, runs the authorization code flow with
 *   PKCE, state and nonce through `openid-client`, and ends with a one-time code that the portal (bound
 *   to the browser by a cookie) or the mobile app (bound by its own PKCE challenge) trades for one of
 *   the portal's own sessions: the same cookie, CSRF and revocation rules as a password login.
 * - A user is named by (issuer, subject) once linked; an address is trusted only when the provider
 *   says it is verified and its domain is one the company proved.
 */

const M = MESSAGES.sso;

/** A sign-in must come back from the provider within this time. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** The one-time code is traded within this time of the provider's answer. */
const CODE_TTL_SECONDS = 120;

export const TXT_PREFIX = 'portal-verification=';

export function callbackUrl(ctx: ApiContext): string {
  return `${ctx.config.publicUrl}/api/sso/callback`;
}

export function postLogoutRedirectUri(ctx: ApiContext): string {
  return `${ctx.config.publicUrl}/`;
}

/** An employer's company, or a 400 before setup step 1 created one. */
function companyOf(auth: AuthUser): string {
  if (!auth.companyId) throw new HttpError(400, M.notConfiguredYet);
  return auth.companyId;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
}

// ---------------------------------------------------------------- settings

interface ConnectionRow {
  companyId: string;
  issuer: string;
  clientId: string;
  clientSecretEnc: string;
  passwordsAllowed: boolean;
  autoApprove: boolean;
  officeClaim: string | null;
}

async function connectionOf(db: ApiContext['db'] | Tx, companyId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
  return row;
}

function providerClient(ctx: ApiContext, c: ConnectionRow): ProviderClient {
  if (!ctx.secrets) throw new HttpError(400, M.noSecretsKey);
  return { issuer: c.issuer, clientId: c.clientId, clientSecret: ctx.secrets.open(c.clientSecretEnc, c.companyId) };
}

export async function getSettings(ctx: ApiContext, auth: AuthUser): Promise<SsoSettings> {
  return settingsOf(ctx, companyOf(auth));
}

async function settingsOf(ctx: ApiContext, companyId: string): Promise<SsoSettings> {
  const [connection, domains] = await Promise.all([
    connectionOf(ctx.db, companyId),
    ctx.db.select().from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain),
  ]);
  return {
    configured: !!connection,
    issuer: connection?.issuer ?? null,
    clientId: connection?.clientId ?? null,
    hasSecret: !!connection,
    passwordsAllowed: connection?.passwordsAllowed ?? true,
    autoApprove: connection?.autoApprove ?? false,
    officeClaim: connection?.officeClaim ?? null,
    redirectUri: callbackUrl(ctx),
    postLogoutRedirectUri: postLogoutRedirectUri(ctx),
    domains: domains.map((d) => ({
      id: d.id,
      domain: d.domain,
      verified: d.verifiedAt !== null,
      verifiedAt: toIso(d.verifiedAt),
      txtRecord: `${TXT_PREFIX}${d.verificationToken}`,
    })),
  };
}

export interface SaveSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  passwordsAllowed: boolean;
  autoApprove: boolean;
  /** Empty: none; absent: the stored one stays. */
  officeClaim?: string | undefined;
}

/**
 * What a failed discovery tells the employer. A multi-tenant Microsoft Entra address (`/common`,
 * `/organizations`) answers a templated issuer (`…/{tenantid}/v2.0`) whose tokens come from any
 * directory: a company's connection must name its own directory, whose issuer is exact.
 */
function discoveryProblem(err: unknown, issuer: string): string {
  const e = err as { code?: string; cause?: { attribute?: string; body?: { issuer?: unknown } } };
  if (e.code !== 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return M.discoveryFailed(issuer);
  const named = e.cause?.body?.issuer;
  return typeof named === 'string' && named.includes('{tenantid}') ? M.discoveryMultiTenant : M.discoveryMismatch;
}

/**
 * Sets the company's provider after fetching its discovery document (whose issuer must be the one
 * typed: openid-client checks it). A secret left empty keeps the stored one.
 */
export async function saveSettings(ctx: ApiContext, auth: AuthUser, body: SaveSettings): Promise<SsoSettings> {
  const companyId = companyOf(auth);
  if (!ctx.secrets) throw new HttpError(400, M.noSecretsKey);
  if (!issuerAllowed(ctx.config, body.issuer)) throw new HttpError(400, M.issuerInvalid, [{ field: 'issuer', message: M.issuerInvalid }]);
  const existing = await connectionOf(ctx.db, companyId);
  const typed = body.clientSecret?.trim() ? body.clientSecret : undefined;
  if (!typed && !existing) throw new HttpError(400, M.clientSecretRequired, [{ field: 'clientSecret', message: M.clientSecretRequired }]);
  const clientSecret = typed ?? providerClient(ctx, existing!).clientSecret;
  if (!body.passwordsAllowed) {
    const [proven] = await rows<{ n: number }>(ctx.db, sql`select 1 as n from sso_domains where company_id = ${companyId} and verified_at is not null limit 1`);
    if (!proven) throw new HttpError(400, M.passwordsNeedDomain, [{ field: 'passwordsAllowed', message: M.passwordsNeedDomain }]);
  }
  const client: ProviderClient = { issuer: body.issuer, clientId: body.clientId, clientSecret };
  forgetProvider(client);
  try {
    await providerConfig(ctx.config, client);
  } catch (err) {
    ctx.log.info({ companyId, issuer: body.issuer, reason: reasonOf(err) }, 'sso: discovery failed');
    const message = discoveryProblem(err, body.issuer);
    throw new HttpError(400, message, [{ field: 'issuer', message }]);
  }
  const values = {
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecretEnc: ctx.secrets.seal(clientSecret, companyId),
    passwordsAllowed: body.passwordsAllowed,
    autoApprove: body.autoApprove,
    officeClaim: body.officeClaim === undefined ? (existing?.officeClaim ?? null) : body.officeClaim.trim() || null,
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(ssoConnections)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: ssoConnections.companyId, set: { ...values, updatedAt: sql`now()` } });
    const claim = values.officeClaim ? `, ${M.officeClaim}: ${values.officeClaim}` : '';
    await recordCompanyAudit(tx, auth, 'sso.providerSaved', companyId, { detail: `${body.issuer} (${body.clientId})${claim}` });
  });
  if (existing) forgetProvider({ issuer: existing.issuer, clientId: existing.clientId, clientSecret });
  ctx.log.info({ companyId, issuer: body.issuer, by: auth.userId }, 'sso: provider saved');
  return settingsOf(ctx, companyId);
}

export async function removeSettings(ctx: ApiContext, auth: AuthUser): Promise<SsoSettings> {
  const companyId = companyOf(auth);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(ssoConnections).where(eq(ssoConnections.companyId, companyId)).returning({ issuer: ssoConnections.issuer });
    if (removed[0]) await recordCompanyAudit(tx, auth, 'sso.providerRemoved', companyId, { detail: removed[0].issuer });
  });
  ctx.log.info({ companyId, by: auth.userId }, 'sso: provider removed');
  return settingsOf(ctx, companyId);
}

// ---------------------------------------------------------------- domains

export async function addDomain(ctx: ApiContext, auth: AuthUser, domain: string): Promise<SsoSettings> {
  const companyId = companyOf(auth);
  const [count] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sso_domains where company_id = ${companyId}`);
  if ((count?.n ?? 0) >= 20) throw new HttpError(400, M.domainsMax);
  try {
    // 128 random bits: a record nobody can guess before the company shows it.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(ssoDomains).values({ companyId, domain, verificationToken: randomBytes(16).toString('hex') });
      await recordCompanyAudit(tx, auth, 'sso.domainAdded', companyId, { detail: domain });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, M.domainExists, [{ field: 'domain', message: M.domainExists }]);
    throw err;
  }
  return settingsOf(ctx, companyId);
}

async function domainRow(ctx: ApiContext, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound(M.domainNotFound);
  const [row] = await ctx.db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, id), eq(ssoDomains.companyId, companyId)));
  if (!row) throw notFound(M.domainNotFound);
  return row;
}

/** The TXT strings of a domain (each record's chunks joined); none when the name or record does not exist. */
async function txtRecords(ctx: ApiContext, domain: string): Promise<string[]> {
  try {
    return (await ctx.resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch (err) {
    ctx.log.info({ domain, code: (err as { code?: string }).code }, 'sso: TXT lookup found nothing');
    return [];
  }
}

/**
 * Verifies a domain by its TXT record. A domain another company already verified stays theirs: the
 * partial unique index refuses the second verification (409), whatever the record says.
 */
export async function verifyDomain(ctx: ApiContext, auth: AuthUser, id: string): Promise<SsoSettings> {
  const companyId = companyOf(auth);
  const row = await domainRow(ctx, companyId, id);
  if (row.verifiedAt) return settingsOf(ctx, companyId);
  const record = `${TXT_PREFIX}${row.verificationToken}`;
  const found = (await txtRecords(ctx, row.domain)).some((r) => r.trim() === record);
  if (!found) throw new HttpError(400, M.txtMissing(row.domain, record));
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(ssoDomains).set({ verifiedAt: sql`now()` }).where(eq(ssoDomains.id, row.id));
      await recordCompanyAudit(tx, auth, 'sso.domainVerified', companyId, { detail: row.domain });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, M.domainTaken);
    throw err;
  }
  ctx.log.info({ companyId, domain: row.domain, by: auth.userId }, 'sso: domain verified');
  return settingsOf(ctx, companyId);
}

export async function removeDomain(ctx: ApiContext, auth: AuthUser, id: string): Promise<SsoSettings> {
  const companyId = companyOf(auth);
  const row = await domainRow(ctx, companyId, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(ssoDomains).where(eq(ssoDomains.id, row.id));
    await recordCompanyAudit(tx, auth, 'sso.domainRemoved', companyId, { detail: row.domain });
  });
  return settingsOf(ctx, companyId);
}

// ---------------------------------------------------------------- sign-in

interface DomainCompany extends ConnectionRow {
  companyActive: boolean;
}

/** The active company whose provider signs in this address: its domain verified, its provider set. */
async function companyForEmail(ctx: ApiContext, email: string): Promise<DomainCompany | undefined> {
  const [row] = await rows<{
    company_id: string;
    issuer: string;
    client_id: string;
    client_secret_enc: string;
    passwords_allowed: boolean;
    auto_approve: boolean;
    office_claim: string | null;
    company_active: boolean;
  }>(
    ctx.db,
    sql`select c.company_id, c.issuer, c.client_id, c.client_secret_enc, c.passwords_allowed, c.auto_approve, c.office_claim, co.is_active as company_active
      from sso_domains d
      join sso_connections c on c.company_id = d.company_id
      join companies co on co.id = d.company_id
      where d.domain = ${domainOf(email)} and d.verified_at is not null and co.is_active
      limit 1`,
  );
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretEnc: row.client_secret_enc,
    passwordsAllowed: row.passwords_allowed,
    autoApprove: row.auto_approve,
    officeClaim: row.office_claim,
    companyActive: row.company_active,
  };
}

async function limitByAddress(ctx: ApiContext, meta: ClientMeta, action: string): Promise<void> {
  const hit = await ctx.limiter.hit(`sso:ip:${meta.ip}`, ctx.config.rateLimits.windowSeconds);
  if (hit.count > ctx.config.rateLimits.ssoPerAddress) {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'rate-limited', ip: meta.ip, userAgent: meta.userAgent, detail: { action, scope: 'address' } });
    throw tooManyRequests(hit.retryAfter);
  }
}

/**
 * Whether an address signs in with a company provider. An unknown domain, a domain only claimed and
 * a domain of a deactivated company all answer the same: no single sign-on, passwords as usual.
 */
export async function discover(ctx: ApiContext, email: string, meta: ClientMeta): Promise<{ sso: boolean; passwordsAllowed: boolean }> {
  await limitByAddress(ctx, meta, 'sso-discover');
  const found = await companyForEmail(ctx, email);
  return { sso: !!found, passwordsAllowed: found ? found.passwordsAllowed : true };
}

export interface StartQuery {
  email: string;
  client: 'web' | 'mobile';
  redirect_uri?: string | undefined;
  code_challenge?: string | undefined;
}

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]+$/;

/**
 * Starts a sign-in: a login row with the state (hashed), nonce and PKCE verifier, and the provider's
 * authorization URL. The portal's browser is bound by a cookie (`browserToken`, set by the handler);
 * the mobile app by its own PKCE challenge and an allowed redirect URI of its scheme.
 */
export async function start(ctx: ApiContext, q: StartQuery, meta: ClientMeta): Promise<{ authorizationUrl: string; browserToken: string | null }> {
  await limitByAddress(ctx, meta, 'sso-start');
  if (q.client === 'mobile') {
    if (!q.redirect_uri || !ctx.config.ssoAppRedirectUris.includes(q.redirect_uri)) {
      throw new HttpError(400, M.redirectUriInvalid, [{ field: 'redirect_uri', message: M.redirectUriInvalid }]);
    }
    const c = q.code_challenge ?? '';
    if (c.length < 43 || c.length > 128 || !PKCE_CHALLENGE.test(c)) {
      throw new HttpError(400, M.codeChallengeInvalid, [{ field: 'code_challenge', message: M.codeChallengeInvalid }]);
    }
  }
  const found = await companyForEmail(ctx, q.email);
  if (!found) throw new HttpError(400, M.notSetUp, [{ field: 'email', message: M.notSetUp }]);
  let config: oidc.Configuration;
  try {
    config = await providerConfig(ctx.config, providerClient(ctx, found));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    ctx.log.warn({ companyId: found.companyId, reason: reasonOf(err) }, 'sso: provider unreachable at start');
    throw new HttpError(400, M.providerUnavailable);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserToken = q.client === 'web' ? newToken() : null;
  await ctx.db.insert(ssoLogins).values({
    stateHash: hashToken(state),
    companyId: found.companyId,
    nonce,
    codeVerifier: verifier,
    client: q.client,
    browserHash: browserToken ? hashToken(browserToken) : null,
    appRedirectUri: q.client === 'mobile' ? q.redirect_uri! : null,
    appCodeChallenge: q.client === 'mobile' ? q.code_challenge! : null,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  // Spent and abandoned sign-ins are dropped now and then, not by a timer (no state between instances).
  if (Math.random() < 0.02) void sweepLogins(ctx).catch(() => {});
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    login_hint: q.email,
  });
  return { authorizationUrl: url.href, browserToken };
}

export async function sweepLogins(ctx: ApiContext): Promise<void> {
  await ctx.db.execute(sql`delete from sso_logins where expires_at < now() - interval '1 hour'`);
}

/** Why a sign-in went back without a session; each is a message on the login page (or a parameter for the app). */
export type CallbackOutcome = 'failed' | 'expired' | 'not-allowed' | 'pending' | 'disabled' | 'employee';

function reasonOf(err: unknown): string {
  const e = err as { code?: string; error?: string; message?: string };
  return String(e.code ?? e.error ?? e.message ?? err).slice(0, 200);
}

function appUrl(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** The portal's login page with one parameter in its hash route (`/#/?sso=...`): never sent to a server or in a Referer. */
function portalUrl(ctx: ApiContext, key: 'sso' | 'sso_status', value: string): string {
  return `${ctx.config.publicUrl}/#/?${key}=${encodeURIComponent(value)}`;
}

type LoginRow = typeof ssoLogins.$inferSelect;

function outcomeUrl(ctx: ApiContext, login: LoginRow | undefined, outcome: CallbackOutcome): string {
  if (login?.client === 'mobile' && login.appRedirectUri) return appUrl(login.appRedirectUri, { error: outcome });
  return portalUrl(ctx, 'sso_status', outcome);
}

/**
 * The provider's redirect back. The state is looked up and spent at once (a replay finds it spent);
 * the portal's browser must carry the cookie of the start (login CSRF); then openid-client checks the
 * answer (`state`, `iss` per RFC 9207 when sent), trades the code once with the PKCE verifier, and
 * checks the ID token: signature against the provider's JWKS, `iss`, `aud`, `azp`, `exp`, `iat` and
 * `nonce`. Every refusal ends on the login page (or the app) with a reason, never with a session.
 */
export async function callback(
  ctx: ApiContext,
  query: { state?: string | undefined; error?: string | undefined },
  rawQuery: string,
  browserToken: string | undefined,
  meta: ClientMeta,
): Promise<string> {
  const failed = async (login: LoginRow | undefined, outcome: CallbackOutcome, reason: string) => {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'sso.failure', ip: meta.ip, userAgent: meta.userAgent, detail: { reason, companyId: login?.companyId } });
    return outcomeUrl(ctx, login, outcome);
  };
  if (!query.state) return failed(undefined, 'failed', 'no-state');
  const [login] = await ctx.db
    .update(ssoLogins)
    .set({ calledBackAt: sql`now()` })
    .where(and(eq(ssoLogins.stateHash, hashToken(query.state)), sql`${ssoLogins.calledBackAt} is null`, sql`${ssoLogins.expiresAt} > now()`))
    .returning();
  if (!login) return failed(undefined, 'expired', 'unknown-or-spent-state');
  if (login.client === 'web' && (!browserToken || hashToken(browserToken) !== login.browserHash)) return failed(login, 'failed', 'other-browser');
  if (query.error) return failed(login, 'failed', `provider:${query.error.slice(0, 60)}`);
  const connection = await connectionOf(ctx.db, login.companyId);
  if (!connection) return failed(login, 'failed', 'provider-removed');

  let claims: oidc.IDToken;
  let idToken: string;
  try {
    const config = await providerConfig(ctx.config, providerClient(ctx, connection));
    const current = new URL(callbackUrl(ctx));
    current.search = rawQuery;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: query.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    idToken = tokens.id_token!;
  } catch (err) {
    return failed(login, 'failed', reasonOf(err));
  }

  const resolved = await resolveUser(ctx, connection, claims);
  if ((resolved.outcome === 'ok' || resolved.outcome === 'pending') && resolved.userId) await officeFromClaim(ctx, connection, resolved.userId, claims);
  if (resolved.outcome !== 'ok') {
    await recordAuthEvent(ctx.db, ctx.log, {
      kind: resolved.outcome === 'pending' ? 'sso.join-request' : 'sso.failure',
      userId: resolved.userId ?? null,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { reason: resolved.reason, companyId: login.companyId },
    });
    return outcomeUrl(ctx, login, resolved.outcome);
  }
  if (login.client === 'web' && resolved.role === 'Employee') {
    // The portal has no page for employees; their sign-in (the join request included) is done.
    return outcomeUrl(ctx, login, 'employee');
  }
  const code = newToken();
  await ctx.db
    .update(ssoLogins)
    .set({
      codeHash: hashToken(code),
      userId: resolved.userId,
      idTokenEnc: ctx.secrets!.seal(idToken, resolved.userId),
      providerSid: typeof claims.sid === 'string' ? claims.sid.slice(0, 500) : null,
    })
    .where(eq(ssoLogins.id, login.id));
  return login.client === 'mobile' ? appUrl(login.appRedirectUri!, { code }) : portalUrl(ctx, 'sso', code);
}

type Resolved =
  | { outcome: 'ok'; userId: string; role: string }
  | { outcome: Exclude<CallbackOutcome, 'failed' | 'expired' | 'employee'>; userId?: string; reason: string };

/**
 * Who the provider's user is here. Linked before: by (issuer, subject) alone. Not yet linked: only
 * through an address the provider says is verified, at a domain this company proved; then an
 * administrator or employee of this company with that address is linked, and a new address becomes an
 * employee: a join request, or approved at once when the company chose so.
 */
async function resolveUser(ctx: ApiContext, connection: ConnectionRow, claims: oidc.IDToken): Promise<Resolved> {
  const issuer = claims.iss;
  const subject = claims.sub;
  const [linked] = await ctx.db
    .select({ userId: ssoIdentities.userId, companyId: users.companyId, isActive: users.isActive, isApproved: users.isApproved, role: users.role })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  if (linked) {
    if (linked.companyId !== connection.companyId) return { outcome: 'not-allowed', reason: 'linked-to-another-company' };
    await ctx.db.update(ssoIdentities).set({ lastLoginAt: sql`now()` }).where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
    return statusOf(linked.userId, linked.role, linked.isActive, linked.isApproved);
  }

  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email || claims.email_verified !== true) return { outcome: 'not-allowed', reason: 'email-not-verified' };
  const [proven] = await rows<{ n: number }>(
    ctx.db,
    sql`select 1 as n from sso_domains where company_id = ${connection.companyId} and domain = ${domainOf(email)} and verified_at is not null`,
  );
  if (!proven) return { outcome: 'not-allowed', reason: 'domain-not-proven' };

  const [existing] = await ctx.db
    .select({ id: users.id, companyId: users.companyId, role: users.role, isActive: users.isActive, isApproved: users.isApproved })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    if (existing.companyId !== connection.companyId || existing.role === 'SuperAdmin') return { outcome: 'not-allowed', userId: existing.id, reason: 'address-of-another-account' };
    // An address the provider gave to someone else after it was linked must not reach the account.
    const [other] = await rows<{ n: number }>(ctx.db, sql`select 1 as n from sso_identities where user_id = ${existing.id} and issuer = ${issuer}`);
    if (other) return { outcome: 'not-allowed', userId: existing.id, reason: 'account-linked-to-another-subject' };
    try {
      await ctx.db.insert(ssoIdentities).values({ userId: existing.id, issuer, subject });
    } catch (err) {
      if (isUniqueViolation(err)) return { outcome: 'not-allowed', reason: 'link-race' };
      throw err;
    }
    return statusOf(existing.id, existing.role, existing.isActive, existing.isApproved);
  }

  const { firstName, lastName } = namesOf(claims, email);
  const approved = connection.autoApprove;
  const created = await createUser(ctx.db, {
    email,
    passwordHash: NO_PASSWORD,
    name: fullName({ firstName, lastName }),
    role: 'Employee',
    companyId: connection.companyId,
    firstName,
    lastName,
    isActive: approved,
    isApproved: approved,
  });
  if (!('id' in created)) return { outcome: 'not-allowed', reason: 'account-race' };
  await ctx.db.insert(ssoIdentities).values({ userId: created.id, issuer, subject });
  ctx.log.info({ employeeId: created.id, companyId: connection.companyId, approved }, 'sso: employee joined through the provider');
  return approved ? { outcome: 'ok', userId: created.id, role: 'Employee' } : { outcome: 'pending', userId: created.id, reason: 'join-request' };
}

/**
 * The employee's office from the company's office claim (docs/decisions/0054), at the sign-in that
 * created them and at each later one: matched like the CSV's office column; an empty value is No
 * office; an absent claim, or a name that is no office of the company (logged), changes nothing.
 * Audited as an administrator's move is, the employee as actor.
 */
async function officeFromClaim(ctx: ApiContext, connection: ConnectionRow, userId: string, claims: oidc.IDToken): Promise<void> {
  if (!connection.officeClaim) return;
  const value = (claims as Record<string, unknown>)[connection.officeClaim];
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || value.length > LIMITS.sso.officeNameMax) {
    ctx.log.warn({ companyId: connection.companyId, employeeId: userId, claim: connection.officeClaim }, 'sso: office claim is not a name');
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const [user] = await rows<{ office_id: string | null; role: string }>(tx, sql`select office_id, role from users where id = ${userId}::uuid for update`);
    // Offices are employees' (an administrator's offices are a scope the employer sets, decision 0051).
    if (!user || user.role !== 'Employee') return;
    const offices = await companyOffices(tx, connection.companyId);
    const officeId = offices.resolve(value);
    if (officeId === 'unknown' || officeId === 'ambiguous') {
      ctx.log.warn({ companyId: connection.companyId, employeeId: userId, office: value.slice(0, 200), problem: officeId }, 'sso: office claim names no office');
      return;
    }
    if (officeId === user.office_id) return;
    await tx.update(users).set({ officeId, updatedAt: sql`now()` }).where(eq(users.id, userId));
    const actor = (await userAsActor(tx, userId))!;
    await recordUserAudit(tx, actor, 'employee.officeChanged', [userId], { detail: offices.labelOf(officeId) ?? MESSAGES.insights.noOffice });
  });
}

function statusOf(userId: string, role: string, isActive: boolean, isApproved: boolean): Resolved {
  if (!isApproved) return { outcome: 'pending', userId, reason: 'join-request-waiting' };
  if (!isActive) return { outcome: 'disabled', userId, reason: 'user-inactive' };
  return { outcome: 'ok', userId, role };
}

const NAME_MAX = 30;

/** First and last name from the token (NFC, within the employee form's 30 characters), else from the address. */
function namesOf(claims: oidc.IDToken, email: string): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC').trim().slice(0, NAME_MAX).trim() : '');
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName || !lastName) {
    const parts = text(claims.name).split(/\s+/).filter(Boolean);
    if (!firstName && parts.length) firstName = parts[0]!;
    if (!lastName && parts.length > 1) lastName = parts.slice(1).join(' ').slice(0, NAME_MAX);
  }
  if (!firstName) firstName = email.slice(0, email.indexOf('@')).slice(0, NAME_MAX) || 'Employee';
  if (!lastName) lastName = '-';
  return { firstName, lastName };
}

// ---------------------------------------------------------------- exchange

const sha256url = (v: string) => createHash('sha256').update(v, 'ascii').digest('base64url');

/**
 * Trades a one-time code for a session: once, within two minutes of the provider's answer, from the
 * browser that started (its cookie) or the app that started (its PKCE verifier). The session is the
 * portal's own and remembers the provider for logout.
 */
export async function exchange(
  ctx: ApiContext,
  body: { code: string; codeVerifier?: string | undefined; rememberMe?: boolean | undefined },
  browserToken: string | undefined,
  meta: ClientMeta,
): Promise<{ answer: LoginAnswer; session: NewSession }> {
  await limitByAddress(ctx, meta, 'sso-exchange');
  const expired = async (reason: string): Promise<never> => {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'sso.failure', ip: meta.ip, userAgent: meta.userAgent, detail: { reason } });
    throw new HttpError(400, M.expired);
  };
  const [login] = await ctx.db
    .update(ssoLogins)
    .set({ exchangedAt: sql`now()` })
    .where(
      and(
        eq(ssoLogins.codeHash, hashToken(body.code)),
        sql`${ssoLogins.exchangedAt} is null`,
        sql`${ssoLogins.calledBackAt} > now() - make_interval(secs => ${CODE_TTL_SECONDS})`,
        sql`${ssoLogins.userId} is not null`,
      ),
    )
    .returning();
  if (!login) return expired('unknown-or-spent-code');
  if (login.client === 'web' && (!browserToken || hashToken(browserToken) !== login.browserHash)) return expired('other-browser');
  if (login.client === 'mobile' && (!body.codeVerifier || sha256url(body.codeVerifier) !== login.appCodeChallenge)) return expired('wrong-verifier');
  const userId = login.userId!;
  const [user] = await ctx.db
    .select({ isActive: users.isActive, companyActive: companies.isActive })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!user?.isActive) return expired('user-inactive');
  if (user.companyActive === false) throw new HttpError(403, MESSAGES.login.companyDeactivated);
  const connection = await connectionOf(ctx.db, login.companyId);
  if (!connection) return expired('provider-removed');
  const session = await createSession(ctx.db, userId, body.rememberMe === true, meta, {
    issuer: connection.issuer,
    sid: login.providerSid,
    idTokenEnc: login.idTokenEnc,
  });
  await ctx.db.update(ssoLogins).set({ idTokenEnc: null }).where(eq(ssoLogins.id, login.id));
  const described = (await describeUser(ctx, userId))!;
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'login.success', userId, ip: meta.ip, userAgent: meta.userAgent, detail: { sso: true, client: login.client } });
  return { answer: loginAnswer(described, session, M.signedIn), session };
}

// ---------------------------------------------------------------- logout and passwords

/**
 * Where to send the browser after the portal's own logout, when its session came from a provider that
 * offers RP-initiated logout: its end-session endpoint with the ID token as hint. Null otherwise, or
 * when the provider cannot be reached (the portal's session has ended either way).
 */
export async function providerLogoutUrl(ctx: ApiContext, auth: AuthUser): Promise<string | null> {
  const [row] = await ctx.db
    .select({ issuer: sessions.ssoIssuer, idTokenEnc: sessions.ssoIdTokenEnc })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  if (!row?.issuer || !auth.companyId || !ctx.secrets) return null;
  const connection = await connectionOf(ctx.db, auth.companyId);
  if (!connection || connection.issuer !== row.issuer) return null;
  try {
    const config = await providerConfig(ctx.config, providerClient(ctx, connection));
    if (!config.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri(ctx), client_id: connection.clientId };
    if (row.idTokenEnc) params.id_token_hint = ctx.secrets.open(row.idTokenEnc, auth.userId);
    return oidc.buildEndSessionUrl(config, params).href;
  } catch (err) {
    ctx.log.warn({ reason: reasonOf(err) }, 'sso: no provider logout');
    return null;
  }
}

// ---------------------------------------------------------------- back-channel logout

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its `iat`), beyond its own `exp` when it has one. */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 120;

/**
 * A provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0, section 2.6): the logout
 * token names its issuer and audience, which must be a provider and client set up here; `jose` (the
 * library `openid-client` is built on) checks its signature against that provider's JWKS, its
 * issuer, audience, algorithm and age; then the token must carry the back-channel event, no nonce,
 * and a `sid` or `sub`. The sessions it names end at once; returns how many.
 */
export async function backchannelLogout(ctx: ApiContext, logoutToken: string, meta: ClientMeta): Promise<number> {
  const refused = async (reason: string): Promise<never> => {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'sso.failure', ip: meta.ip, userAgent: meta.userAgent, detail: { reason: `backchannel:${reason}` } });
    throw new HttpError(400, M.logoutTokenInvalid);
  };
  let unverified: jose.JWTPayload;
  try {
    unverified = jose.decodeJwt(logoutToken);
  } catch {
    return refused('malformed');
  }
  const audiences = (typeof unverified.aud === 'string' ? [unverified.aud] : Array.isArray(unverified.aud) ? unverified.aud : []).filter((a): a is string => typeof a === 'string');
  if (typeof unverified.iss !== 'string' || audiences.length === 0) return refused('no-iss-or-aud');
  const candidates = await ctx.db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.issuer, unverified.iss), inArray(ssoConnections.clientId, audiences.slice(0, 10))))
    .limit(1);
  const connection = candidates[0];
  if (!connection) return refused('unknown-provider');
  let claims: jose.JWTPayload;
  try {
    const metadata = (await providerConfig(ctx.config, providerClient(ctx, connection))).serverMetadata();
    // Plain http only where openid-client allows it (a loopback provider outside production).
    if (!metadata.jwks_uri || (!metadata.jwks_uri.startsWith('https:') && !insecureAllowed(ctx.config, metadata.jwks_uri))) throw new Error('no-jwks');
    const verified = await jose.jwtVerify(logoutToken, remoteKeys(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: connection.clientId,
      algorithms: metadata.id_token_signing_alg_values_supported?.filter((a) => a !== 'none') ?? ['RS256'],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['iat', 'jti', 'events'],
    });
    claims = verified.payload;
  } catch (err) {
    return refused(reasonOf(err));
  }
  const events = claims.events as Record<string, unknown> | undefined;
  if (!events || typeof events !== 'object' || typeof events[BACKCHANNEL_EVENT] !== 'object') return refused('no-event');
  if ('nonce' in claims) return refused('nonce');
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  if (!sid && !sub) return refused('no-sid-or-sub');
  const ended = await endProviderSessions(ctx.db, connection.issuer, { sid, sub });
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'sso.backchannel-logout', ip: meta.ip, userAgent: meta.userAgent, detail: { companyId: connection.companyId, ended } });
  return ended;
}

/** Each provider's JWKS as `jose` fetches and keeps it (again for an unknown `kid`), by its address. */
const jwksCache = new Map<string, ReturnType<typeof jose.createRemoteJWKSet>>();
function remoteKeys(uri: string) {
  let keys = jwksCache.get(uri);
  if (!keys) {
    keys = jose.createRemoteJWKSet(new URL(uri), { timeoutDuration: 5000 });
    jwksCache.set(uri, keys);
  }
  return keys;
}
