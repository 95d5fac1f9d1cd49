import { and, asc, eq, sql } from 'drizzle-orm';
import { MESSAGES, SCIM_BASE_PATH, SCIM_LIMITS, type ScimToken } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { companies, scimTokens } from '../../db/schema';
import { isUniqueViolation, rows } from '../../db/sql';
import { recordAudit, type AccountlessActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { ClientMeta } from '../../lib/request-meta';
import type { AuthUser } from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';
import { ScimError } from './errors';

const M = MESSAGES.scim;

/** The base URL a provider is given: the portal's one public address. */
export const scimBaseUrl = (ctx: ApiContext) => `${ctx.config.publicUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;

function companyOf(auth: AuthUser): string {
  if (!auth.companyId) throw new HttpError(400, MESSAGES.company.notFound);
  return auth.companyId;
}

export async function listTokens(ctx: ApiContext, auth: AuthUser): Promise<ScimToken[]> {
  const found = await ctx.db
    .select({ id: scimTokens.id, name: scimTokens.name, createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.companyId, companyOf(auth)))
    .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
  return found.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null }));
}

/** A new token: 256 random bits, answered once, kept as its SHA-256. Audited with its name. */
export async function createToken(ctx: ApiContext, auth: AuthUser, name: string): Promise<{ id: string; name: string; token: string }> {
  const companyId = companyOf(auth);
  const token = newToken();
  try {
    return await ctx.db.transaction(async (tx) => {
      // The company's row is locked so two creations cannot both pass the count.
      await tx.execute(sql`select 1 from companies where id = ${companyId} for update`);
      const [{ n } = { n: 0 }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from scim_tokens where company_id = ${companyId}`);
      if (n >= SCIM_LIMITS.tokensPerCompany) throw new HttpError(409, M.tooManyTokens(SCIM_LIMITS.tokensPerCompany));
      const [row] = await tx.insert(scimTokens).values({ companyId, name, tokenHash: hashToken(token), createdBy: auth.userId }).returning({ id: scimTokens.id });
      await recordAudit(tx, auth, { action: 'scim.tokenCreated', companyId, target: { kind: 'settings', id: row!.id, label: name } });
      return { id: row!.id, name, token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, M.nameTaken);
    throw err;
  }
}

/** Deleted, so the next request with it fails on every instance (each looks the hash up). */
export async function revokeToken(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  const companyId = companyOf(auth);
  if (!isUuid(id)) throw notFound(M.tokenNotFound);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(scimTokens)
      .where(and(eq(scimTokens.id, id.toLowerCase()), eq(scimTokens.companyId, companyId)))
      .returning({ id: scimTokens.id, name: scimTokens.name });
    if (!gone) throw notFound(M.tokenNotFound);
    await recordAudit(tx, auth, { action: 'scim.tokenRevoked', companyId, target: { kind: 'settings', id: gone.id, label: gone.name } });
  });
}

/** The company a SCIM request acts for, through its token. */
export interface ScimCaller {
  tokenId: string;
  companyId: string;
  countryCode: string;
  companyName: string;
  /** Who the audit log names: the token, by its name. */
  actor: AccountlessActor;
}

/** `last_used_at` is written at most this often, not on every request of a sync. */
const TOUCH_EVERY_SECONDS = 60;
/** Longer than any token this service issues: a longer header is not looked up. */
const HEADER_MAX = 200;

/**
 * The caller of a SCIM request, from its `Authorization: Bearer` token (no cookie, no CSRF: a token
 * is not a session). A missing, unknown or revoked token is a failure counted against the sender's
 * address like a failed login; past the limit the address is refused (429) until the window ends.
 */
export async function authenticateScim(ctx: ApiContext, header: string | undefined, meta: ClientMeta): Promise<ScimCaller> {
  const rl = ctx.config.rateLimits;
  const key = `scim:bad-token:ip:${meta.ip}`;
  const failures = await ctx.limiter.peek(key);
  if (failures.count >= rl.loginPerAddress && rl.loginPerAddress > 0) {
    throw new ScimError(429, M.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, failures.retryAfter)) });
  }
  const token = header && header.length <= HEADER_MAX && /^bearer /i.test(header) ? header.slice(7).trim() : '';
  const [found] = token
    ? await ctx.db
        .select({ id: scimTokens.id, name: scimTokens.name, companyId: scimTokens.companyId, countryCode: companies.countryCode, companyName: companies.name })
        .from(scimTokens)
        .innerJoin(companies, eq(companies.id, scimTokens.companyId))
        .where(and(eq(scimTokens.tokenHash, hashToken(token)), eq(companies.isActive, true)))
    : [];
  if (!found) {
    await ctx.limiter.hit(key, rl.windowSeconds);
    ctx.log.warn({ ip: meta.ip }, 'scim: request with a missing or unknown token');
    throw new ScimError(401, M.unauthorized, undefined, { 'www-authenticate': 'Bearer realm="scim"' });
  }
  await ctx.db.execute(
    sql`update scim_tokens set last_used_at = now() where id = ${found.id}
      and (last_used_at is null or last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS}))`,
  );
  return {
    tokenId: found.id,
    companyId: found.companyId,
    countryCode: found.countryCode,
    companyName: found.companyName,
    actor: { userId: null, name: M.auditActor(found.name), email: null, role: null },
  };
}
