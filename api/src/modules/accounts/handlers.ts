import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { clientMeta } from '../../lib/request-meta';
import type { Handler } from '../../lib/route';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../plugins/auth';
import * as accounts from './service';
import { providerLogoutUrl } from '../sso/service';
import { endSession } from '../../lib/sessions';

type A = typeof ENDPOINTS.accounts;

export const register: Handler<A['register']> = async (req, reply, ctx) => {
  const { answer, session } = await accounts.register(ctx, req.body, clientMeta(req));
  setSessionCookie(ctx, reply, session);
  return answer;
};

export const login: Handler<A['login']> = async (req, reply, ctx) => {
  const { answer, session } = await accounts.login(ctx, req.body, clientMeta(req));
  setSessionCookie(ctx, reply, session);
  return answer;
};

export const logout: Handler<A['logout']> = async (req, reply, ctx) => {
  let endSessionUrl: string | null = null;
  if (req.auth) {
    // Read before the session row goes: it holds the provider's ID token (single sign-on).
    endSessionUrl = await providerLogoutUrl(ctx, req.auth);
    await endSession(ctx.db, req.auth.sessionId);
    await accounts.recordLogout(ctx, req.auth, clientMeta(req));
  }
  clearSessionCookie(ctx, reply);
  return { success: true, message: MESSAGES.session.loggedOut, ...(endSessionUrl ? { endSessionUrl } : {}) };
};

export const me: Handler<A['me']> = async (req, _reply, ctx) => {
  const user = await accounts.me(ctx, requireAuth(req));
  return { success: true, message: MESSAGES.common.ok, user };
};

export const forgotPassword: Handler<A['forgotPassword']> = async (req, _reply, ctx) => {
  await accounts.forgotPassword(ctx, req.body, clientMeta(req));
  return { success: true, message: MESSAGES.forgot.success };
};

export const resetPassword: Handler<A['resetPassword']> = async (req, _reply, ctx) => {
  await accounts.resetPassword(ctx, req.body, clientMeta(req));
  return { success: true, message: MESSAGES.reset.success };
};

export const changePassword: Handler<A['changePassword']> = async (req, reply, ctx) => {
  await accounts.changePassword(ctx, requireAuth(req), req.body, clientMeta(req));
  clearSessionCookie(ctx, reply);
  return { success: true, message: MESSAGES.changePassword.success };
};
