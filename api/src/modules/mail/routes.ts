import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import { listFailedMail, retryFailedMail } from './service';

const M = ENDPOINTS.mail;

export const mailModule = apiModule('mail', [
  implement(M.failed, (req, _reply, ctx) => listFailedMail(ctx, req.query)),
  implement(M.retry, async (req, _reply, ctx) => {
    await retryFailedMail(ctx, req.params.id);
    return { success: true as const, message: MESSAGES.mail.retried };
  }),
]);
