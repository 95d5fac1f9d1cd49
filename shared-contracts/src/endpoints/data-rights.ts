import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { idSchema, isoDateTime, okSchema } from '../entities/session';
import { DATA_RIGHTS_MESSAGES } from '../messages/data-rights';
import { idParams } from './shared';

// People's data rights under UK GDPR (docs/decisions/0044-data-rights-and-retention.md): an employee's
// data exported (Article 15/20) or erased (Article 17) by their employer, and both asked for by the
// employee from the mobile app.

/** An erasure request is carried out by the employer, or by the retention job this many days after it was made (UK GDPR: one month). */
export const ERASURE_REQUEST_DAYS = 30;

/**
 * Everything the portal holds about one person: their profile, then every table's rows about them,
 * keyed by the table's name (`trips`, `feedbacks`, `audit_log`...). Secrets (password and token
 * hashes) are never in it.
 */
export const personalDataExportSchema = lazySchema(() => z.object({
  format: z.literal('portal-personal-data/1'),
  exportedAt: isoDateTime,
  subject: z.object({ id: idSchema, companyId: z.nullable(z.string()) }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
}));
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** Irreversible: the caller says so in the body. */
export const eraseBodySchema = lazySchema(() => z.object({ confirm: z.literal(true, { error: DATA_RIGHTS_MESSAGES.dataRights.confirmRequired }) }));

export const erasureRequestSchema = lazySchema(() => z.object({
  id: idSchema,
  employeeId: idSchema,
  name: z.string(),
  email: z.string(),
  employeeNumber: z.nullable(z.string()),
  requestedAt: isoDateTime,
  /** When the retention job carries it out if the employer has not. */
  dueAt: isoDateTime,
}));
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

const EMPLOYER_OR_BACK_OFFICE = ['Employer', 'Admin', 'SuperAdmin'] as const;

export const dataRights = lazyGroup(() => ({
  exportEmployee: defineEndpoint({
    id: 'dataRights.exportEmployee',
    method: 'GET',
    path: '/api/employees/{id}/export',
    summary: 'Everything the portal holds about one employee, as a JSON file (attachment); audited',
    access: EMPLOYER_OR_BACK_OFFICE,
    params: idParams,
    response: personalDataExportSchema,
    errors: [409],
    tags: ['data-rights'],
  }),
  eraseEmployee: defineEndpoint({
    id: 'dataRights.eraseEmployee',
    method: 'POST',
    path: '/api/employees/{id}/erase',
    summary:
      "Erase an employee, irreversibly and in one transaction: personal data removed, trips and figures kept under a new anonymous id, sessions ended; audited without the erased data. The answer names the anonymous record's id.",
    access: EMPLOYER_OR_BACK_OFFICE,
    params: idParams,
    body: eraseBodySchema,
    response: z.extend(okSchema, { anonymousId: idSchema }),
    errors: [409],
    tags: ['data-rights'],
  }),
  erasureRequests: defineEndpoint({
    id: 'dataRights.erasureRequests',
    method: 'GET',
    path: '/api/data-rights/erasure-requests',
    summary: "The caller's company's pending erasure requests, oldest first",
    access: ['Employer', 'Admin'],
    response: z.extend(okSchema, { requests: z.array(erasureRequestSchema) }),
    tags: ['data-rights'],
  }),
  exportMine: defineEndpoint({
    id: 'dataRights.exportMine',
    method: 'GET',
    path: '/api/me/export',
    summary: 'Everything the portal holds about the signed-in employee, as a JSON file (attachment)',
    access: ['Employee'],
    response: personalDataExportSchema,
    tags: ['data-rights'],
  }),
  requestErasure: defineEndpoint({
    id: 'dataRights.requestErasure',
    method: 'POST',
    path: '/api/me/erasure-request',
    summary: `The signed-in employee asks to be erased: their employer sees the request and carries it out, or it is carried out ${ERASURE_REQUEST_DAYS} days after it was made. Asking again answers the request already open.`,
    access: ['Employee'],
    response: z.extend(okSchema, { requestedAt: isoDateTime, dueAt: isoDateTime }),
    tags: ['data-rights'],
  }),
} as const));
