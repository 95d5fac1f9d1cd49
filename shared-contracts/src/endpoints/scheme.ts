import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { okSchema, schemeSettingsSchema, supportContactSchema } from '../entities';
import { schemeSettingsBodySchema, supportMessageBodySchema } from '@portal/shared-contracts/forms';

/**
 * The scheme's settings (the back office's Scheme Settings page): how long a new company's free
 * trial lasts and the operator's support contact (docs/decisions/0033-trial-and-consent.md).
 */
export const schemeSettings = lazyGroup(() => ({
  get: defineEndpoint({
    id: 'schemeSettings.get',
    method: 'GET',
    path: '/api/scheme-settings',
    summary: "The scheme's settings: the free trial's length in days and the support contact",
    access: ['SuperAdmin'],
    response: schemeSettingsSchema,
    tags: ['scheme-settings'],
  }),
  update: defineEndpoint({
    id: 'schemeSettings.update',
    method: 'PUT',
    path: '/api/scheme-settings',
    summary: "Change the scheme's settings (audited); a new trial length applies to trials that start after it. Blank contact fields are cleared",
    access: ['SuperAdmin'],
    body: schemeSettingsBodySchema,
    response: z.extend(okSchema, { changed: z.boolean(), settings: schemeSettingsSchema }),
    tags: ['scheme-settings'],
  }),
} as const));

/** Help & Support: the operator's contact as companies see it, and messages to support by mail. */
export const support = lazyGroup(() => ({
  contact: defineEndpoint({
    id: 'support.contact',
    method: 'GET',
    path: '/api/support',
    summary: "The scheme operator's support contact (email, phone, opening hours; each null until a super admin sets it)",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    response: supportContactSchema,
    tags: ['support'],
  }),
  message: defineEndpoint({
    id: 'support.message',
    method: 'POST',
    path: '/api/support/messages',
    summary:
      "Mail a message to support (the support email, else every super admin), naming the sender's account and company; rate-limited per user and per company",
    access: ['Employer', 'Admin'],
    body: supportMessageBodySchema,
    response: okSchema,
    errors: [429],
    tags: ['support'],
  }),
} as const));
