import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { billingSchema, okSchema, paymentHistoryEntrySchema } from '../entities';

// billing
export const billing = {
  billing: defineEndpoint({
    id: 'billing.billing',
    method: 'GET',
    path: '/api/payment-billing',
    summary: "The company's billing information",
    access: ['Employer', 'Admin'],
    response: billingSchema,
    tags: ['billing'],
  }),
  history: defineEndpoint({
    id: 'billing.history',
    method: 'GET',
    path: '/api/payment-history',
    summary: "The company's payment history, newest first",
    access: ['Employer', 'Admin'],
    response: z.array(paymentHistoryEntrySchema),
    tags: ['billing'],
  }),
  cancel: defineEndpoint({
    id: 'billing.cancel',
    method: 'POST',
    path: '/api/payment-billing/cancel',
    summary: 'Cancel the subscription at the end of the paid period',
    access: ['Employer', 'Admin'],
    response: okSchema.extend({ billing: billingSchema }),
    tags: ['billing'],
  }),
} as const;
