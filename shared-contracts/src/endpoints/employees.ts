import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { employeeSchema, fieldErrorSchema, idSchema, okSchema, pageOf } from '../entities';
import { bulkEmployeesBodySchema, deactivationReasonSchema, employeeSignupBodySchema } from '@portal/shared-contracts/forms';
import { INSIGHTS_MESSAGES } from '../messages/insights';
import { idParams, searchQuery } from './shared';

// employees
/** A roster row's field a file can change; `status` is Pending or Deactivated becoming Active. */
/** `office` is the office's name (`officeLabel`), or null for No office; only a file with an `office` column changes it. */
export const ROSTER_FIELDS = ['firstName', 'lastName', 'employeeNumber', 'department', 'office', 'status'] as const;

const rosterPersonSchema = lazySchema(() => z.object({
  line: z.number().check(z.int()),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeNumber: z.string(),
  department: z.nullable(z.string()),
}));

/**
 * What a roster file changes (docs/decisions/0040-roster-sync-and-data-rights.md): the preview's
 * answer, and after the apply its per-row report. `fingerprint` names the file and the roster it
 * was computed on; the apply takes it back and refuses (409) when either differs.
 */
export const rosterDiffSchema = lazySchema(() => z.object({
  fingerprint: z.string(),
  added: z.array(rosterPersonSchema),
  changed: z.array(
    z.object({
      line: z.number().check(z.int()),
      id: idSchema,
      email: z.string(),
      name: z.string(),
      changes: z.array(z.object({ field: z.enum(ROSTER_FIELDS), from: z.nullable(z.string()), to: z.nullable(z.string()) })),
    }),
  ),
  leaving: z.array(z.object({ id: idSchema, email: z.string(), name: z.string(), employeeNumber: z.nullable(z.string()) })),
  unchanged: z.number().check(z.int()),
  /** Approved, active employees before the change: what the share of leavers is taken of. */
  activeBefore: z.number().check(z.int()),
  /** More than LIMITS.rosterLeavingShare of them would leave: the apply needs `confirmLeaving=true`. */
  needsLeavingConfirmation: z.boolean(),
  /** Problems of rows (line, field, message); the apply refuses a file with any. */
  errors: z.array(fieldErrorSchema),
}));
export type RosterDiff = z.infer<typeof rosterDiffSchema>;

const rosterApplyQuerySchema = lazySchema(() => z.object({
  fingerprint: z.string().check(z.length(64), z.regex(/^[0-9a-f]{64}$/)),
  confirmLeaving: z.optional(z.enum(['true', 'false'])),
}));

const employeeListQuerySchema = lazySchema(() => z.extend(searchQuery, {
  status: z.optional(z.enum(['all', 'active', 'deactivated'])),
  companyId: z.optional(z.string().check(z.uuid())),
}));

export const employees = lazyGroup(() => ({
  selfRegister: defineEndpoint({
    id: 'employees.selfRegister',
    method: 'POST',
    path: '/api/employees/employers/{companyId}/employees',
    summary: 'Employee self-registration through the shared link (pending approval)',
    access: 'public',
    params: z.object({ companyId: z.string() }),
    body: employeeSignupBodySchema,
    response: z.extend(okSchema, { response: z.nullable(z.object({ id: idSchema })) }),
    status: 201,
    errors: [429],
    tags: ['employees'],
  }),
  bulkAdd: defineEndpoint({
    id: 'employees.bulkAdd',
    method: 'POST',
    path: '/api/employees',
    summary: 'Add employees (manual rows); all or nothing',
    access: ['Employer', 'Admin'],
    body: bulkEmployeesBodySchema,
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    status: 201,
    errors: [409, 429],
    tags: ['employees'],
  }),
  csvImport: defineEndpoint({
    id: 'employees.csvImport',
    method: 'POST',
    path: '/api/employees/csv-import',
    summary: 'Import employees from a CSV file (field file); all or nothing with a per-row report',
    access: ['Employer', 'Admin'],
    multipart: { field: 'file', maxBytes: LIMITS.csvMaxBytes, mimeTypes: [LIMITS.csvMimeType] },
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    status: 201,
    errors: [409, 429],
    tags: ['employees'],
  }),
  rosterPreview: defineEndpoint({
    id: 'employees.rosterPreview',
    method: 'POST',
    path: '/api/employees/roster/preview',
    summary: 'Compare a CSV file, taken as the whole roster, with the employees (new, changed, leaving); changes nothing',
    access: ['Employer', 'Admin'],
    multipart: { field: 'file', maxBytes: LIMITS.csvMaxBytes, mimeTypes: [LIMITS.csvMimeType] },
    response: z.extend(okSchema, { diff: rosterDiffSchema }),
    errors: [429],
    tags: ['employees'],
  }),
  rosterApply: defineEndpoint({
    id: 'employees.rosterApply',
    method: 'POST',
    path: '/api/employees/roster/apply',
    summary: "Apply a previewed roster file (the preview's fingerprint): adds, updates and deactivates in one transaction",
    access: ['Employer', 'Admin'],
    query: rosterApplyQuerySchema,
    multipart: { field: 'file', maxBytes: LIMITS.csvMaxBytes, mimeTypes: [LIMITS.csvMimeType] },
    response: z.extend(okSchema, { report: rosterDiffSchema }),
    errors: [409, 429],
    tags: ['employees'],
  }),
  list: defineEndpoint({
    id: 'employees.list',
    method: 'GET',
    path: '/api/employees',
    summary: "The company's approved employees, paged, searched and filtered in SQL",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: employeeListQuerySchema,
    response: pageOf(employeeSchema),
    tags: ['employees'],
  }),
  pending: defineEndpoint({
    id: 'employees.pending',
    method: 'GET',
    path: '/api/employees/pending',
    summary: 'Join requests awaiting approval, paged (100 a page allowed)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: searchQuery,
    response: pageOf(employeeSchema),
    tags: ['employees'],
  }),
  get: defineEndpoint({
    id: 'employees.get',
    method: 'GET',
    path: '/api/employees/{id}',
    summary: 'One employee with vehicle and licence details',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: z.extend(okSchema, { employee: employeeSchema }),
    tags: ['employees'],
  }),
  accept: defineEndpoint({
    id: 'employees.accept',
    method: 'PUT',
    path: '/api/employees/{id}/accept',
    summary: 'Approve a join request (sets approved and active)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: okSchema,
    // 409: an erased employee's anonymous record is never made active.
    errors: [409],
    tags: ['employees'],
  }),
  bulkAccept: defineEndpoint({
    id: 'employees.bulkAccept',
    method: 'POST',
    path: '/api/employees/bulk-accept',
    summary: 'Approve several join requests',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    body: z.object({ employeeIds: z.array(z.string().check(z.uuid())).check(z.minLength(1), z.maxLength(1000)) }),
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    errors: [404, 409],
    tags: ['employees'],
  }),
  bulkReject: defineEndpoint({
    id: 'employees.bulkReject',
    method: 'POST',
    path: '/api/employees/bulk-reject',
    summary: 'Reject several join requests (the requests are removed); all or nothing (an erased person\'s: 409)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    body: z.object({ employeeIds: z.array(z.string().check(z.uuid())).check(z.minLength(1), z.maxLength(1000)) }),
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    errors: [404, 409],
    tags: ['employees'],
  }),
  reject: defineEndpoint({
    id: 'employees.reject',
    method: 'POST',
    path: '/api/employees/{id}/reject',
    summary: 'Reject a join request (the request is removed; an erased person\'s: 409)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: okSchema,
    errors: [409],
    tags: ['employees'],
  }),
  deactivate: defineEndpoint({
    id: 'employees.deactivate',
    method: 'POST',
    path: '/api/employees/{id}/deactivate',
    summary: 'Deactivate with a reason (stored with who and when); sessions end at once',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    body: deactivationReasonSchema,
    response: okSchema,
    tags: ['employees'],
  }),
  reactivate: defineEndpoint({
    id: 'employees.reactivate',
    method: 'POST',
    path: '/api/employees/reactivate-employee/{id}',
    summary: 'Reactivate a deactivated employee (never an erased one: 409)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: okSchema,
    errors: [409],
    tags: ['employees'],
  }),
  setOffice: defineEndpoint({
    id: 'employees.setOffice',
    method: 'PUT',
    path: '/api/employees/{id}/office',
    summary: 'Move an employee to one of the company\'s offices, or to none (officeId null); audited (an erased employee\'s record: 409)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    body: z.object({ officeId: z.nullable(z.string().check(z.uuid(INSIGHTS_MESSAGES.insights.officeInvalid))) }),
    response: z.extend(okSchema, { officeId: z.nullable(idSchema) }),
    errors: [404, 409],
    tags: ['employees'],
  }),
  remove: defineEndpoint({
    id: 'employees.remove',
    method: 'DELETE',
    path: '/api/employees/{id}',
    summary: 'Delete an employee (immediate, irreversible; sessions end at once)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: okSchema,
    tags: ['employees'],
  }),
} as const));
