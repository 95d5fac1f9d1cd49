import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { billingSchema, okSchema, pageOf, paymentHistoryEntrySchema } from '../entities';
import { BILLING_MESSAGES } from '../messages/billing';
import { startSubscriptionBodySchema } from '@portal/shared-contracts/forms';
import { pageQuerySchema } from './shared';

// The subscription states a page compares against, with the group that reads them: a page importing
// them takes them from the endpoint table it already holds, not the entities and zod a second time.
export { SUBSCRIPTION_ACTIVE, SUBSCRIPTION_TRIAL } from '../entities';

/** A super admin names the company; an employer or admin always gets their own, whatever they send. */
const companyQuery = lazySchema(() => z.object({ companyId: z.optional(z.string().check(z.uuid(BILLING_MESSAGES.billing.companyRequired))) }));
const historyPageQuery = lazySchema(() => z.extend(companyQuery, pageQuerySchema.shape));

/**
 * Billing (document 1 sections 2, 3, 4, 7): one subscription per company and its invoices, money
 * stored as integer pence and shown in pounds. The built-in provider issues the invoices from the
 * database each period (docs/decisions/0013-billing.md).
 */
export const billing = lazyGroup(() => ({
  billing: defineEndpoint({
    id: 'billing.billing',
    method: 'GET',
    path: '/api/payment-billing',
    summary: "The company's billing information: subscription, fee, payment method, end of the paid period",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: companyQuery,
    response: billingSchema,
    errors: [404],
    tags: ['billing'],
  }),
  history: defineEndpoint({
    id: 'billing.history',
    method: 'GET',
    path: '/api/payment-history',
    summary: "The company's whole payment history, newest first (the spec's shape); billing.historyPage pages it",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: companyQuery,
    response: z.array(paymentHistoryEntrySchema),
    tags: ['billing'],
  }),
  historyPage: defineEndpoint({
    id: 'billing.historyPage',
    method: 'GET',
    path: '/api/payment-history/page',
    summary: "One page of the company's payment history, newest first",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: historyPageQuery,
    response: pageOf(paymentHistoryEntrySchema),
    tags: ['billing'],
  }),
  start: defineEndpoint({
    id: 'billing.start',
    method: 'POST',
    path: '/api/payment-billing/start',
    summary:
      "Start the subscription: the employer's acceptance of the plan's terms with the payment method chosen (audited). It ends the free trial, begins the first period and issues its invoice; nothing is invoiced before. Idempotent: on a running subscription it changes nothing (`changed: false`)",
    access: ['Employer', 'Admin'],
    body: startSubscriptionBodySchema,
    response: z.extend(okSchema, { changed: z.boolean(), billing: billingSchema }),
    errors: [404],
    tags: ['billing'],
  }),
  cancel: defineEndpoint({
    id: 'billing.cancel',
    method: 'POST',
    path: '/api/payment-billing/cancel',
    summary:
      'Cancel the subscription at the end of the paid period; idempotent: a second call changes nothing and says so (`changed: false`)',
    access: ['Employer', 'Admin'],
    response: z.extend(okSchema, { changed: z.boolean(), billing: billingSchema }),
    errors: [404, 409],
    tags: ['billing'],
  }),
  resume: defineEndpoint({
    id: 'billing.resume',
    method: 'POST',
    path: '/api/payment-billing/resume',
    summary: 'Undo a pending cancellation before the paid period ends; idempotent like cancel',
    access: ['Employer', 'Admin'],
    response: z.extend(okSchema, { changed: z.boolean(), billing: billingSchema }),
    errors: [404, 409],
    tags: ['billing'],
  }),
  invoicePdf: defineEndpoint({
    id: 'billing.invoicePdf',
    method: 'GET',
    path: '/api/invoices/{id}/pdf',
    summary: 'One invoice as a PDF download (company, invoice number, dates, amount, VAT, status); tenant-scoped',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: z.object({ id: z.string() }),
    produces: 'application/pdf',
    response: z.string().check(z.describe('The PDF document')),
    tags: ['billing'],
  }),
} as const));
