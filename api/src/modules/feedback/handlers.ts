import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { insightCompany } from '../../lib/tenancy';
import * as feedback from './service';

export const send: Handler<typeof ENDPOINTS.mobile.sendFeedback> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.feedback.sent,
  id: await feedback.sendFeedback(ctx.db, requireAuth(req), req.body.feedbackText),
});

export const list: Handler<typeof ENDPOINTS.insights.feedbacks> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  return feedback.listFeedback(ctx.db, insightCompany(auth, req.query.companyId), req.query.pageNumber, req.query.pageSize, auth);
};
