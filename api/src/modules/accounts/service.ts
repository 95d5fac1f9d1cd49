import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  MESSAGES,
  resetPasswordLink,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginAnswer,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type SessionUser,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { companies, passwordResetTokens, sessions, users } from '../../db/schema';
import { recordAuthEvent } from '../../lib/auth-events';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/passwords';
import { createUser, emailIs, mailRegistrationAttempt } from '../../lib/new-user';
import { accountKey } from '../../lib/rate-limiter';
import type { ClientMeta } from '../../lib/request-meta';
import { hashToken, newToken } from '../../lib/tokens';
import { wellFormed } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { recordUserAudit, userAsActor, type AuditActor } from '../../lib/audit';
import { passwordsRefused } from '../../lib/password-policy';
import { describeUser, loginAnswer } from '../../lib/session-user';
import { createSession, SESSION_TIMEOUTS, type AuthUser, type NewSession } from '../../lib/sessions';

/** A user id no row has: what the forgot-password statements look for when the address has no account. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';
const NO_ACTOR: AuditActor = { userId: NO_USER_ID, name: '', email: '', role: 'Employer' };

/** Reset links work once, for this long. */
const RESET_TOKEN_TTL_MINUTES = 30;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function limited(ctx: ApiContext, meta: ClientMeta, email: string | null, detail: Record<string, unknown>, retryAfter: number): Promise<never> {
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'rate-limited', email, ip: meta.ip, userAgent: meta.userAgent, detail });
  throw tooManyRequests(retryAfter);
}

/**
 * Login with rate limits that slow an attacker without locking the owner out:
 * - every attempt from one address counts (hard limit -> 429);
 * - failures for one account from one address (hard limit -> 429, that address only);
 * - failures for one account from anywhere only add a growing delay.
 */
export async function login(ctx: ApiContext, body: LoginBody, meta: ClientMeta): Promise<{ answer: LoginAnswer; session: NewSession }> {
  const rl = ctx.config.rateLimits;
  const acct = accountKey(body.email);
  const byAddress = await ctx.limiter.hit(`login:ip:${meta.ip}`, rl.windowSeconds);
  if (byAddress.count > rl.loginPerAddress) await limited(ctx, meta, body.email, { action: 'login', scope: 'address' }, byAddress.retryAfter);
  const pairKey = `login:acct-ip:${acct}:${meta.ip}`;
  const byPair = await ctx.limiter.peek(pairKey);
  if (byPair.count >= rl.loginPerAccountAddress) await limited(ctx, meta, body.email, { action: 'login', scope: 'account+address' }, byPair.retryAfter);
  const byAccount = await ctx.limiter.peek(`login:acct:${acct}`);
  if (byAccount.count >= rl.loginPerAccountSoft) {
    await sleep(Math.min(rl.maxDelayMs, (byAccount.count - rl.loginPerAccountSoft + 1) * rl.delayStepMs));
  }

  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, role: users.role, companyId: users.companyId, companyActive: companies.isActive })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(emailIs(body.email))
    .limit(1);
  // Unknown email: the same argon2 work as a known one, so time does not tell them apart.
  const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : await verifyDummy(body.password);
  if (!user || !passwordOk || !user.isActive) {
    await ctx.limiter.hit(pairKey, rl.windowSeconds);
    await ctx.limiter.hit(`login:acct:${acct}`, rl.windowSeconds);
    await recordAuthEvent(ctx.db, ctx.log, {
      kind: 'login.failure',
      userId: user?.id,
      email: body.email,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { reason: !user ? 'unknown-email' : !passwordOk ? 'wrong-password' : 'user-inactive' },
    });
    throw new HttpError(400, MESSAGES.login.failed);
  }
  if (user.companyActive === false) {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'login.company-deactivated', userId: user.id, ip: meta.ip, userAgent: meta.userAgent });
    throw new HttpError(403, MESSAGES.login.companyDeactivated);
  }
  if (await passwordsRefused(ctx, user)) {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'login.failure', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, detail: { reason: 'sso-only' } });
    throw new HttpError(403, MESSAGES.sso.passwordRefused);
  }
  await ctx.limiter.clear(pairKey);
  const session = await createSession(ctx.db, user.id, body.rememberMe === true, meta);
  const described = (await describeUser(ctx, user.id))!;
  await recordAuthEvent(ctx.db, ctx.log, {
    kind: 'login.success',
    userId: user.id,
    ip: meta.ip,
    userAgent: meta.userAgent,
    detail: { remember: session.remember },
  });
  return { answer: loginAnswer(described, session, MESSAGES.login.success), session };
}

/**
 * Registration of an employer (role Employer, sign-up state 0), signed in at once.
 * A taken email gets the same answer as a new account (201, a token, the cookie) after the same
 * hashing work, but the token opens no session; the owner of the address is told by mail, once a
 * day at most (docs/decisions/0014-address-enumeration.md).
 */
export async function register(ctx: ApiContext, body: RegisterBody, meta: ClientMeta): Promise<{ answer: LoginAnswer; session: NewSession }> {
  const rl = ctx.config.rateLimits;
  const byAddress = await ctx.limiter.hit(`register:ip:${meta.ip}`, rl.windowSeconds);
  if (byAddress.count > rl.registerPerAddress) await limited(ctx, meta, body.email, { action: 'register', scope: 'address' }, byAddress.retryAfter);
  const byAccount = await ctx.limiter.hit(`register:acct:${accountKey(body.email)}`, rl.windowSeconds);
  if (byAccount.count > rl.registerPerAccount) await limited(ctx, meta, body.email, { action: 'register', scope: 'account' }, byAccount.retryAfter);

  const email = body.email.trim();
  const passwordHash = await hashPassword(body.password);
  const created = await createUser(ctx.db, { email, passwordHash, name: body.userName.trim(), role: 'Employer' });
  if (!('id' in created)) {
    await mailRegistrationAttempt(ctx, email);
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'register.existing-email', email, ip: meta.ip, userAgent: meta.userAgent });
    return decoyRegistration(email, body.userName.trim());
  }
  const userId = created.id;
  const session = await createSession(ctx.db, userId, false, meta);
  const described = (await describeUser(ctx, userId))!;
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'register', userId, ip: meta.ip, userAgent: meta.userAgent });
  return { answer: loginAnswer(described, session, MESSAGES.signup.success), session };
}

/**
 * What a new account's registration answers, for an address that has one: a token of the same
 * form that matches no session, so its first use answers 401 like an ended session.
 */
function decoyRegistration(email: string, name: string): { answer: LoginAnswer; session: NewSession } {
  const session: NewSession = { token: newToken(), expiresAt: new Date(Date.now() + SESSION_TIMEOUTS.absoluteMs), remember: false };
  const user: SessionUser = { id: randomUUID(), role: 'Employer', email, name, employerId: null, employerUserId: randomUUID(), signUpState: 0, offices: null };
  return { answer: loginAnswer(user, session, MESSAGES.signup.success), session };
}

/**
 * The caller as the session check found them in this request (its one lookup joins the user, the
 * company and the employer row): asking the database again would only double the cost of the call.
 */
export function me(_ctx: ApiContext, auth: AuthUser): Promise<SessionUser> {
  return Promise.resolve({
    id: auth.userId,
    role: auth.role,
    email: auth.email,
    name: auth.name,
    employerId: auth.companyId,
    employerUserId: auth.employerUserId,
    signUpState: auth.signUpState,
    offices: auth.offices ?? null,
  });
}

/** Same answer, whether or not the account exists; the mail goes out in the background. */
export async function forgotPassword(ctx: ApiContext, body: ForgotPasswordBody, meta: ClientMeta): Promise<void> {
  const rl = ctx.config.rateLimits;
  const byAddress = await ctx.limiter.hit(`forgot:ip:${meta.ip}`, rl.windowSeconds);
  if (byAddress.count > rl.forgotPerAddress) await limited(ctx, meta, body.email, { action: 'forgot', scope: 'address' }, byAddress.retryAfter);
  const byAccount = await ctx.limiter.hit(`forgot:acct:${accountKey(body.email)}`, rl.windowSeconds);
  if (byAccount.count > rl.forgotPerAccount) await limited(ctx, meta, body.email, { action: 'forgot', scope: 'account' }, byAccount.retryAfter);

  const [user] = await ctx.db.select({ id: users.id, email: users.email, isActive: users.isActive }).from(users).where(emailIs(body.email)).limit(1);
  await recordAuthEvent(ctx.db, ctx.log, {
    kind: 'password.forgot',
    userId: user?.id,
    email: body.email,
    ip: meta.ip,
    userAgent: meta.userAgent,
    detail: { mailed: Boolean(user?.isActive) },
  });
  // An unknown or inactive address does the same work as a known one (a token, its hash, the same
  // statements in one transaction, matching no row), so the answer's timing does not tell them apart.
  const target = user?.isActive ? user : null;
  const targetId = target?.id ?? NO_USER_ID;
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000);
  // The link is built from PUBLIC_URL, never from the request (Host header or callbackUrl).
  // A lone UTF-16 surrogate has no URL encoding (encodeURIComponent throws): the unknown address's
  // link, built for the same work, carries U+FFFD instead.
  const email = target?.email ?? wellFormed(body.email);
  const mail = passwordResetMail(email, resetPasswordLink(ctx.config.publicUrl, email, token), RESET_TOKEN_TTL_MINUTES, expiresAt);
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, targetId));
    await tx.execute(sql`
      insert into password_reset_tokens (user_id, token_hash, expires_at)
      select ${users.id}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from ${users} where ${users.id} = ${targetId} and ${users.isActive}`);
    // Without an account this looks the user up, finds nobody and records nothing.
    const owner = await userAsActor(tx, targetId);
    await recordUserAudit(tx, owner ?? NO_ACTOR, 'password.resetRequested', [targetId]);
    // The mail is queued with its token (the same statement, writing nothing without an account).
    await ctx.mailer.enqueueForActiveUser(tx, targetId, mail, ctx.log);
  });
  ctx.mailer.wake();
}

/** Single use, short-lived, tied to the user of the email; ends every session of that user. */
export async function resetPassword(ctx: ApiContext, body: ResetPasswordBody, meta: ClientMeta): Promise<void> {
  const passwordHash = await hashPassword(body.newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(body.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
          sql`${passwordResetTokens.userId} in (select ${users.id} from ${users} where lower(${users.email}) = ${body.email.trim().toLowerCase()})`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    const owner = await userAsActor(tx, used.userId);
    if (owner) await recordUserAudit(tx, owner, 'password.reset', [used.userId]);
    return used.userId;
  });
  if (!userId) {
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'password.reset-invalid', email: body.email, ip: meta.ip, userAgent: meta.userAgent });
    throw new HttpError(400, MESSAGES.reset.invalidToken);
  }
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'password.reset', userId, ip: meta.ip, userAgent: meta.userAgent });
}

/**
 * Checks the current password; on success every session of the user ends, this one included.
 * Wrong current passwords count like failed logins, so a stolen session cannot guess the password:
 * for the user from one address up to the hard limit (then 429), and for the user from anywhere a
 * growing delay past the soft limit.
 */
export async function changePassword(ctx: ApiContext, auth: AuthUser, body: ChangePasswordBody, meta: ClientMeta): Promise<void> {
  const rl = ctx.config.rateLimits;
  const pairKey = `change-password:user-ip:${auth.userId}:${meta.ip}`;
  const userKey = `change-password:user:${auth.userId}`;
  const byPair = await ctx.limiter.peek(pairKey);
  if (byPair.count >= rl.loginPerAccountAddress) {
    await limited(ctx, meta, null, { action: 'change-password', scope: 'account+address', userId: auth.userId }, byPair.retryAfter);
  }
  const byUser = await ctx.limiter.peek(userKey);
  if (byUser.count >= rl.loginPerAccountSoft) {
    await sleep(Math.min(rl.maxDelayMs, (byUser.count - rl.loginPerAccountSoft + 1) * rl.delayStepMs));
  }
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
  if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await ctx.limiter.hit(pairKey, rl.windowSeconds);
    await ctx.limiter.hit(userKey, rl.windowSeconds);
    await recordAuthEvent(ctx.db, ctx.log, { kind: 'password.change-failure', userId: auth.userId, ip: meta.ip, userAgent: meta.userAgent });
    throw new HttpError(400, MESSAGES.changePassword.wrongCurrent, [{ field: 'currentPassword', message: MESSAGES.changePassword.wrongCurrent }]);
  }
  await ctx.limiter.clear(pairKey);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, auth.userId));
    await tx.delete(sessions).where(eq(sessions.userId, auth.userId));
    await recordUserAudit(tx, auth, 'password.changed', [auth.userId]);
  });
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'password.change', userId: auth.userId, ip: meta.ip, userAgent: meta.userAgent });
}

export async function recordLogout(ctx: ApiContext, auth: AuthUser, meta: ClientMeta): Promise<void> {
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'logout', userId: auth.userId, ip: meta.ip, userAgent: meta.userAgent });
}
