import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { clientMeta } from '../../lib/request-meta';
import type { Handler } from '../../lib/route';
import { requireAuth, setSessionCookie } from '../../plugins/auth';
import * as sso from './service';

type S = typeof ENDPOINTS.sso;

/**
 * The browser's tie to a sign-in it started. SameSite=Lax, unlike the session cookie: the provider's
 * redirect back is a cross-site navigation, which a Strict cookie would not come with.
 */
const BROWSER_COOKIE = '__Host-portal_sso';
const BROWSER_COOKIE_INSECURE = 'portal_sso';
const cookieName = (ctx: ApiContext) => (ctx.config.cookieSecure ? BROWSER_COOKIE : BROWSER_COOKIE_INSECURE);
const cookieOptions = (ctx: ApiContext) => ({ path: '/', httpOnly: true, secure: ctx.config.cookieSecure, sameSite: 'lax' as const });
const browserToken = (ctx: ApiContext, req: Pick<FastifyRequest, 'cookies'>) => req.cookies?.[cookieName(ctx)];

const saved = (settings: Awaited<ReturnType<typeof sso.getSettings>>, message: string = MESSAGES.common.ok) => ({ success: true as const, message, settings });

export const settings: Handler<S['settings']> = async (req, _reply, ctx) => saved(await sso.getSettings(ctx, requireAuth(req)));

export const saveSettings: Handler<S['saveSettings']> = async (req, _reply, ctx) =>
  saved(await sso.saveSettings(ctx, requireAuth(req), req.body), MESSAGES.sso.saved);

export const removeSettings: Handler<S['removeSettings']> = async (req, _reply, ctx) =>
  saved(await sso.removeSettings(ctx, requireAuth(req)), MESSAGES.sso.removed);

export const addDomain: Handler<S['addDomain']> = async (req, _reply, ctx) =>
  saved(await sso.addDomain(ctx, requireAuth(req), req.body.domain), MESSAGES.sso.domainAdded);

export const verifyDomain: Handler<S['verifyDomain']> = async (req, _reply, ctx) => {
  const answer = await sso.verifyDomain(ctx, requireAuth(req), req.params.id);
  const domain = answer.domains.find((d) => d.id === req.params.id.toLowerCase())?.domain ?? '';
  return saved(answer, MESSAGES.sso.domainVerified(domain));
};

export const removeDomain: Handler<S['removeDomain']> = async (req, _reply, ctx) =>
  saved(await sso.removeDomain(ctx, requireAuth(req), req.params.id), MESSAGES.sso.domainRemoved);

export const discover: Handler<S['discover']> = async (req, _reply, ctx) => {
  const found = await sso.discover(ctx, req.query.email, clientMeta(req));
  return { success: true, message: MESSAGES.common.ok, ...found };
};

export const start: Handler<S['start']> = async (req, reply, ctx) => {
  const { authorizationUrl, browserToken: token } = await sso.start(ctx, req.query, clientMeta(req));
  if (token) reply.setCookie(cookieName(ctx), token, { ...cookieOptions(ctx), maxAge: 10 * 60 });
  reply.header('cache-control', 'no-store');
  return { success: true, message: MESSAGES.common.ok, authorizationUrl };
};

export const callback: Handler<S['callback']> = async (req, reply, ctx) => {
  const raw = (req as unknown as FastifyRequest).url;
  const at = raw.indexOf('?');
  const location = await sso.callback(ctx, req.query, at === -1 ? '' : raw.slice(at), browserToken(ctx, req as unknown as FastifyRequest), clientMeta(req));
  reply.header('cache-control', 'no-store');
  return { location };
};

export const exchange: Handler<S['exchange']> = async (req, reply: FastifyReply, ctx) => {
  const token = browserToken(ctx, req as unknown as FastifyRequest);
  const { answer, session } = await sso.exchange(ctx, req.body, token, clientMeta(req));
  // The tie to this sign-in is spent with it.
  if (token) reply.clearCookie(cookieName(ctx), cookieOptions(ctx));
  setSessionCookie(ctx, reply, session);
  return answer;
};

export const backchannelLogout: Handler<S['backchannelLogout']> = async (req, reply, ctx) => {
  await sso.backchannelLogout(ctx, req.body.logout_token, clientMeta(req));
  // Back-Channel Logout 1.0, section 2.8: the answer is not to be cached.
  reply.header('cache-control', 'no-store');
  return { success: true, message: MESSAGES.common.ok };
};
