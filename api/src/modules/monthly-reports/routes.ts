import { ENDPOINTS, MESSAGES, MONTHLY_REPORT_RECIPIENTS_MAX } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import type { AuthUser } from '../../lib/sessions';
import { requireAuth } from '../../plugins/auth';
import { addRecipient, listRecipients, removeRecipient, setTimeZone, unsubscribe } from './service';

const M = ENDPOINTS.monthlyReports;

function companyOf(auth: AuthUser): string {
  if (!auth.companyId) throw new HttpError(400, MESSAGES.company.notFound);
  return auth.companyId;
}

/** Monthly reports by mail: the recipients an employer names and the public unsubscribe (docs/decisions/0049). */
export const monthlyReportsModule = apiModule('monthly-reports', [
  implement(M.recipients, async (req, _reply, ctx) => {
    const auth = requireAuth(req);
    return { success: true as const, message: MESSAGES.common.ok, max: MONTHLY_REPORT_RECIPIENTS_MAX, ...(await listRecipients(ctx.db, companyOf(auth))) };
  }),
  implement(M.addRecipient, async (req, _reply, ctx) => {
    const auth = requireAuth(req);
    const recipient = await addRecipient(ctx.db, auth, companyOf(auth), req.body.email);
    return { success: true as const, message: MESSAGES.monthlyReports.added, recipient };
  }),
  implement(M.removeRecipient, async (req, _reply, ctx) => {
    const auth = requireAuth(req);
    await removeRecipient(ctx.db, auth, companyOf(auth), req.params.id);
    return { success: true as const, message: MESSAGES.monthlyReports.removed };
  }),
  implement(M.setTimeZone, async (req, _reply, ctx) => {
    const auth = requireAuth(req);
    await setTimeZone(ctx.db, auth, companyOf(auth), req.body.timeZone);
    return { success: true as const, message: MESSAGES.monthlyReports.timeZoneSaved, timeZone: req.body.timeZone };
  }),
  implement(M.unsubscribe, async (req, _reply, ctx) => {
    await unsubscribe(ctx.db, req.query.token);
    return { success: true as const, message: MESSAGES.monthlyReports.unsubscribed };
  }),
]);
