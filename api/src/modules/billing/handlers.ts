import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import type { AuthUser } from '../../lib/sessions';
import { scopeOf } from '../../lib/tenancy';
import { attachment } from '../../lib/csv';
import { invoicePdf as drawInvoice } from './pdf';
import { BILLING_PROVIDER } from './provider';
import * as billing from './service';

type B = typeof ENDPOINTS.billing;

/** The company whose billing is read: an employer's or admin's own whatever they send; a super admin names one. */
function billingCompany(auth: AuthUser, requested: string | undefined): string {
  const scope = scopeOf(auth, requested);
  if (scope === null) throw new HttpError(400, MESSAGES.billing.companyRequired);
  return scope;
}

export const get: Handler<B['billing']> = async (req, _reply, ctx) =>
  billing.billingOf(ctx.db, billingCompany(requireAuth(req), req.query.companyId), new Date(), BILLING_PROVIDER);

export const history: Handler<B['history']> = async (req, _reply, ctx) =>
  billing.paymentHistory(ctx.db, billingCompany(requireAuth(req), req.query.companyId), new Date(), BILLING_PROVIDER);

export const historyPage: Handler<B['historyPage']> = async (req, _reply, ctx) =>
  billing.paymentHistoryPage(ctx.db, billingCompany(requireAuth(req), req.query.companyId), new Date(), BILLING_PROVIDER, req.query.pageNumber, req.query.pageSize);

/** The acceptance is the signed-in employer's or admin's own, for their own company. */
export const start: Handler<B['start']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  return { success: true, ...(await billing.startSubscription(ctx.db, auth, billingCompany(auth, undefined), req.body, new Date(), BILLING_PROVIDER)) };
};

export const cancel: Handler<B['cancel']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  return { success: true, ...(await billing.cancelSubscription(ctx.db, auth, billingCompany(auth, undefined), new Date(), BILLING_PROVIDER)) };
};

export const resume: Handler<B['resume']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  return { success: true, ...(await billing.resumeSubscription(ctx.db, auth, billingCompany(auth, undefined), new Date(), BILLING_PROVIDER)) };
};

/** The document's bytes travel base64-encoded to the plugin, which sends them as they are (app.ts). */
export const invoicePdf: Handler<B['invoicePdf']> = async (req, reply, ctx) => {
  const invoice = await billing.invoiceDocument(ctx.db, req.params.id, scopeOf(requireAuth(req)));
  reply.header('content-disposition', attachment(`${invoice.number}.pdf`));
  return (await drawInvoice(invoice)).toString('base64');
};
