import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { CSRF_HEADER, MESSAGES, SESSION_COOKIE, SESSION_COOKIE_INSECURE, type Access } from '@portal/shared-contracts';
import type { ApiContext } from '../context';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';
import { resolveSession, SESSION_TIMEOUTS, type AuthUser, type NewSession } from '../lib/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (public and optional endpoints). */
    auth: AuthUser | null;
  }
}

/** `__Host-` requires Secure, so plain-http deployments (COOKIE_SECURE=false) use the other name. */
function sessionCookieName(ctx: ApiContext): string {
  return ctx.config.cookieSecure ? SESSION_COOKIE : SESSION_COOKIE_INSECURE;
}

function cookieOptions(ctx: ApiContext) {
  return { path: '/', httpOnly: true, secure: ctx.config.cookieSecure, sameSite: 'strict' as const };
}

export function setSessionCookie(ctx: ApiContext, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(sessionCookieName(ctx), session.token, {
    ...cookieOptions(ctx),
    // Without "remember me" the cookie has no Max-Age: it ends with the browser.
    ...(session.remember ? { maxAge: Math.floor(SESSION_TIMEOUTS.rememberAbsoluteMs / 1000) } : {}),
  });
}

export function clearSessionCookie(ctx: ApiContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx), cookieOptions(ctx));
}

function tokenOf(ctx: ApiContext, req: FastifyRequest): { token: string; via: AuthUser['via'] } | null {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m?.[1]) return { token: m[1], via: 'bearer' };
  }
  const cookie = req.cookies?.[sessionCookieName(ctx)];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

/**
 * The signed-in user behind a call to a public endpoint that weighs its callers (telemetry), or null.
 * No CSRF header is asked: nothing is done in the user's name, and the session cookie is SameSite
 * Strict, so no other site's page sends it.
 */
export async function signedInCaller(ctx: ApiContext, req: FastifyRequest): Promise<AuthUser | null> {
  const found = tokenOf(ctx, req);
  return found ? resolveSession(ctx.db, found.token, found.via) : null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves the caller and enforces the endpoint's access before the body is even validated.
 * A state-changing call authenticated by the cookie must carry the CSRF header (a cross-site form
 * cannot set it); bearer calls cannot be forged cross-site and do not need it. A `restrictable`
 * call (`restrictedAfterTrial`) from a user of a company whose trial ended past its grace period
 * without a subscription is refused with 402: its data is read-only until it subscribes.
 */
export function authenticate(ctx: ApiContext, access: Access, restrictable = false, closedToOfficeAdmins = false): onRequestHookHandler {
  return async function authenticateRequest(req) {
    req.auth = null;
    if (access === 'public') return;
    const found = tokenOf(ctx, req);
    const user = found ? await resolveSession(ctx.db, found.token, found.via) : null;
    if (!user) {
      if (access === 'optional') return;
      throw unauthorized();
    }
    if (user.via === 'cookie' && UNSAFE.has(req.method) && !req.headers[CSRF_HEADER]) {
      throw new HttpError(403, MESSAGES.common.csrf);
    }
    if (Array.isArray(access) && !access.includes(user.role)) throw forbidden();
    if (restrictable && user.restricted) throw new HttpError(402, MESSAGES.billing.restricted);
    // An admin limited to some offices reaches only the calls that apply the office scope
    // (OFFICE_ADMIN_ENDPOINTS): one that forgets it is closed to them, never open.
    if (closedToOfficeAdmins && user.offices) throw new HttpError(403, MESSAGES.admins.outsideOffices);
    req.auth = user;
  };
}

/** For handlers behind `session` or a role list: the caller is known. */
export function requireAuth(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
