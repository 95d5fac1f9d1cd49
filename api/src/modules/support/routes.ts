import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { supportContact } from '../scheme/service';
import { sendSupportMessage } from './service';

const S = ENDPOINTS.support;

/** Help & Support: the operator's contact, and messages to support by mail. */
export const supportRoutes: RouteImpl[] = [
  implement(S.contact, (_req, _reply, ctx) => supportContact(ctx.db)),
  implement(S.message, async (req, _reply, ctx) => {
    await sendSupportMessage(ctx, requireAuth(req), req.body);
    return { success: true as const, message: MESSAGES.support.sent };
  }),
];
