import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { okSchema } from '../entities/common';
import { reportingSettingsSchema } from '../entities/reports';
import { DATE_RANGE_YEARS } from '../forms/dates';
import { reportingSettingsBodySchema } from '../forms/reports';
import { REPORTS_MESSAGES } from '../messages/reports';
import { idParams, queryInt } from './shared';
import { OFFICE_NONE } from '@portal/shared-contracts/constants';

const M = REPORTS_MESSAGES.reports;

export const CATEGORY7_FORMATS = ['csv', 'pdf', 'trips'] as const;
export type Category7Format = (typeof CATEGORY7_FORMATS)[number];

const format = lazySchema(() => z._default(z.enum(CATEGORY7_FORMATS, M.formatInvalid), 'pdf'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A reporting year (named by the year it starts in), the company's report, an office's, or `none`'s
 * (employees without an office; docs/decisions/0045); a super admin names the company. The office
 * is checked for length before pattern, as the dashboard's filter is.
 */
export const category7Query = lazySchema(() => z.object({
  companyId: z.optional(z.string().check(z.uuid(M.companyRequired))),
  year: queryInt(DATE_RANGE_YEARS.first, DATE_RANGE_YEARS.last, M.yearInvalid),
  officeId: z.optional(
    z.string().check(
      z.maxLength(36, M.officeInvalid),
      z.refine((v) => v === OFFICE_NONE || UUID.test(v), M.officeInvalid),
    ),
  ),
  format,
}));

const REPORT_ROLES = ['Employer', 'Admin', 'SuperAdmin'] as const;

/** Scope 3 Category 7 reports (docs/decisions/0043-category7-report.md). */
export const reports = lazyGroup(() => ({
  category7: defineEndpoint({
    id: 'reports.category7',
    method: 'GET',
    path: '/api/reports/category7',
    summary:
      "The Scope 3 Category 7 report of a reporting year, for the company or one office (`officeId`: an office's id, or `none` for employees without one; a trip's vehicle distance and emissions count for its driver's office, passengers' avoided emissions for each passenger's), as PDF, CSV or the trips file that traces it. The report is produced from the data as it stands and stored with the SHA-256 of each file; while the figures stay the same the stored report is answered again (same id), per office. `X-Report-Id` names it for reports.category7Produced; `X-Content-SHA256` is the file's checksum",
    access: REPORT_ROLES,
    query: category7Query,
    produces: ['application/pdf', 'text/csv'],
    response: z.string(),
    errors: [404],
    tags: ['reports'],
  }),
  category7Produced: defineEndpoint({
    id: 'reports.category7Produced',
    method: 'GET',
    path: '/api/reports/category7/{id}',
    summary: 'A produced Category 7 report downloaded again exactly as it was produced (same bytes, same checksum), whatever changed since',
    access: REPORT_ROLES,
    params: idParams,
    query: z.object({ format }),
    produces: ['application/pdf', 'text/csv'],
    response: z.string(),
    tags: ['reports'],
  }),
  settings: defineEndpoint({
    id: 'reports.settings',
    method: 'GET',
    path: '/api/employers/{id}/reporting',
    summary: "The company's reporting settings: its headcount (the report's coverage) and the month its reporting year starts",
    access: REPORT_ROLES,
    params: idParams,
    response: reportingSettingsSchema,
    tags: ['reports'],
  }),
  updateSettings: defineEndpoint({
    id: 'reports.updateSettings',
    method: 'PUT',
    path: '/api/employers/{id}/reporting',
    summary: "Set the company's headcount (or clear it) and the month its reporting year starts (1 = calendar year)",
    access: REPORT_ROLES,
    params: idParams,
    body: reportingSettingsBodySchema,
    response: z.extend(okSchema, { settings: reportingSettingsSchema }),
    tags: ['reports'],
  }),
}));
