import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as tokens from './tokens';

type S = typeof ENDPOINTS.scim;

export const listTokens: Handler<S['listTokens']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.common.ok,
  baseUrl: tokens.scimBaseUrl(ctx),
  tokens: await tokens.listTokens(ctx, requireAuth(req)),
});

export const createToken: Handler<S['createToken']> = async (req, reply, ctx) => {
  const created = await tokens.createToken(ctx, requireAuth(req), req.body.name);
  // The token is in this answer only.
  reply.header('cache-control', 'no-store');
  return { success: true, message: MESSAGES.scim.created, ...created };
};

export const revokeToken: Handler<S['revokeToken']> = async (req, _reply, ctx) => {
  await tokens.revokeToken(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.scim.revoked };
};
