import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { keptInsight } from '../../lib/insight-answers';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { insightCompany } from '../../lib/tenancy';
import * as feedback from './service';

export const send: Handler<typeof ENDPOINTS.mobile.sendFeedback> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.feedback.sent,
  id: await feedback.sendFeedback(ctx.db, requireAuth(req), req.body.feedbackText),
});

/** Answered from memory while the company's feedback and employees are unchanged (lib/insight-answers.ts). */
export const list: Handler<typeof ENDPOINTS.insights.feedbacks> = async (req, reply, ctx) => {
  const auth = requireAuth(req);
  const companyId = insightCompany(auth, req.query.companyId);
  return keptInsight(ctx, req, reply, auth, {
    name: 'feedbacks',
    companyId,
    query: req.query,
    schema: ENDPOINTS.insights.feedbacks.response,
    load: () => feedback.listFeedback(ctx.db, companyId, req.query.pageNumber, req.query.pageSize, auth),
  });
};
