import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { sendSupportMessage, supportContact } from './service';

const S = ENDPOINTS.support;

/** Help & Support: the operator's contact, and messages to support by mail. */
export const supportModule = apiModule('support', [
  implement(S.contact, (_req, _reply, ctx) => supportContact(ctx.db)),
  implement(S.message, async (req, _reply, ctx) => {
    await sendSupportMessage(ctx, requireAuth(req), req.body);
    return { success: true as const, message: MESSAGES.support.sent };
  }),
]);
