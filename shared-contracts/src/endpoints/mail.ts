import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { isoDateTime, okSchema, pageOf } from '../entities';
import { pageQuerySchema } from './shared';
import { idParams } from './shared';

/**
 * Mails the portal gave up delivering: the SMTP server refused them for good (a 5xx), or every
 * retry failed. The super admin sees them and may queue one again.
 */
export const failedMailSchema = lazySchema(() => z.object({
  id: z.string(),
  /** The recipient. */
  to: z.string(),
  /** What the mail is for, e.g. `password-reset`, `employee-invitation`. */
  kind: z.string(),
  subject: z.string(),
  attempts: z.number().check(z.int(), z.nonnegative()),
  /** The SMTP server's last answer, or the connection error. */
  lastError: z.nullable(z.string()),
  createdAt: isoDateTime,
}));
export type FailedMail = z.infer<typeof failedMailSchema>;

export const mail = lazyGroup(() => ({
  failed: defineEndpoint({
    id: 'mail.failed',
    method: 'GET',
    path: '/api/mail/failed',
    summary: 'One page of the mails whose delivery failed for good, newest first (recipient, kind, attempts, last error)',
    access: ['SuperAdmin'],
    query: pageQuerySchema,
    response: pageOf(failedMailSchema),
    tags: ['mail'],
  }),
  retry: defineEndpoint({
    id: 'mail.retry',
    method: 'POST',
    path: '/api/mail/failed/{id}/retry',
    summary: 'Queue a failed mail again: the sender tries it once more at once',
    access: ['SuperAdmin'],
    params: idParams,
    response: okSchema,
    tags: ['mail'],
  }),
} as const));
