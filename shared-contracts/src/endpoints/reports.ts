import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { okSchema } from '../entities/common';
import { reportingSettingsSchema } from '../entities/reports';
import { DATE_RANGE_YEARS } from '../forms/dates';
import { reportingSettingsBodySchema } from '../forms/reports';
import { REPORTS_MESSAGES } from '../messages/reports';
import { idParams, queryInt } from './shared';

const M = REPORTS_MESSAGES.reports;

export const CATEGORY7_FORMATS = ['csv', 'pdf', 'trips'] as const;
export type Category7Format = (typeof CATEGORY7_FORMATS)[number];

const format = z._default(z.enum(CATEGORY7_FORMATS, M.formatInvalid), 'pdf');

/**
 * A reporting year (named by the year it starts in), the company's report or, once employees
 * belong to offices, an office's; a super admin names the company.
 */
export const category7Query = z.object({
  companyId: z.optional(z.string().check(z.uuid(M.companyRequired))),
  year: queryInt(DATE_RANGE_YEARS.first, DATE_RANGE_YEARS.last, M.yearInvalid),
  officeId: z.optional(z.string().check(z.uuid(M.officeInvalid))),
  format,
});

const REPORT_ROLES = ['Employer', 'Admin', 'SuperAdmin'] as const;

/** Scope 3 Category 7 reports (docs/decisions/0043-category7-report.md). */
export const reports = {
  category7: defineEndpoint({
    id: 'reports.category7',
    method: 'GET',
    path: '/api/reports/category7',
    summary:
      "The Scope 3 Category 7 report of a reporting year as PDF, CSV or the trips file that traces it. The report is produced from the data as it stands and stored with the SHA-256 of each file; while the figures stay the same the stored report is answered again (same id). `X-Report-Id` names it for reports.category7Produced; `X-Content-SHA256` is the file's checksum",
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
};
