import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import {
  co2ReportSchema,
  dashboardSummarySchema,
  emissionSettingsSchema,
  feedbackSchema,
  flaggedTripSchema,
  journeyGroupSchema,
  monthlyTrendSchema,
  okSchema,
  pageOf,
  participationRowSchema,
} from '../entities';
import { DATE_RANGE_YEARS, emissionSettingsBodySchema } from '@portal/shared-contracts/forms';
import { INSIGHTS_MESSAGES } from '../messages/insights';
import { OFFICE_NONE } from '@portal/shared-contracts/constants';
import { idParams, pageQuerySchema, queryInt } from './shared';

const year = () => queryInt(DATE_RANGE_YEARS.first, DATE_RANGE_YEARS.last, INSIGHTS_MESSAGES.insights.monthInvalid);
/** 1..12 (the spec's month picker sends month+1). */
const month = () => queryInt(1, 12, INSIGHTS_MESSAGES.insights.monthInvalid);

/** A super admin names the company; an employer or admin always gets their own, whatever they send. */
const companyQuery = lazySchema(() => z.object({ companyId: z.optional(z.string().check(z.uuid(INSIGHTS_MESSAGES.insights.companyRequired))) }));
const pageQuery = pageQuerySchema;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The office filter (docs/decisions/0045-offices-as-a-dimension.md): an office of the caller's
 * company, `none` for employees without one, absent for the whole company. Length before pattern.
 */
export const officeIdSchema = lazySchema(() => z.string().check(
  z.maxLength(36, INSIGHTS_MESSAGES.insights.officeInvalid),
  z.refine((v) => v === OFFICE_NONE || UUID.test(v), INSIGHTS_MESSAGES.insights.officeInvalid),
));
const officeQuery = lazySchema(() => z.object({ officeId: z.optional(officeIdSchema) }));
/** The company, or one of its offices. */
const scopedQuery = lazySchema(() => z.extend(companyQuery, officeQuery.shape));

/** A calendar month in UTC. */
export const insightMonthQuery = lazySchema(() => z.extend(scopedQuery, { year: year(), month: month() }));
export const insightPageQuery = lazySchema(() => z.extend(companyQuery, pageQuery.shape));
/** All time, for the company or one of its offices. */
const scopedPageQuery = lazySchema(() => z.extend(scopedQuery, pageQuery.shape));
export const insightMonthPageQuery = lazySchema(() => z.extend(insightMonthQuery, pageQuery.shape));
/** A month (both year and month) or all time (neither), for the company or one of its offices. */
export const optionalMonthPageQuery = lazySchema(() => z.extend(scopedPageQuery, { year: z.optional(year()), month: z.optional(month()) }).check(z.refine((q) => (q.year === undefined) === (q.month === undefined), { message: INSIGHTS_MESSAGES.insights.monthInvalid, path: ['month'] })));
/** A month (both year and month) or all time (neither), with no paging: what an export of a paged table covers. */
export const optionalMonthQuery = lazySchema(() => z.extend(scopedQuery, { year: z.optional(year()), month: z.optional(month()) }).check(z.refine((q) => (q.year === undefined) === (q.month === undefined), { message: INSIGHTS_MESSAGES.insights.monthInvalid, path: ['month'] })));
/** The trend's last month (default: the current UTC month). */
export const trendQuery = lazySchema(() => z.extend(scopedQuery, { year: z.optional(year()), month: z.optional(month()) }).check(z.refine((q) => (q.year === undefined) === (q.month === undefined), { message: INSIGHTS_MESSAGES.insights.monthInvalid, path: ['month'] })));

const INSIGHT_ROLES = ['Employer', 'Admin', 'SuperAdmin'] as const;
/** A company's own decisions (which trips count toward the incentives it pays): its employer and admins. */
const EMPLOYER_ROLES = ['Employer', 'Admin'] as const;

/**
 * Insights, computed in SQL from the trips the mobile app records (monthly roll-ups kept in the
 * trip's transaction). Tenant-scoped: an employer or admin sees only their company; a super admin
 * must pass `companyId`. Field definitions are on the entity schemas.
 */
export const insights = lazyGroup(() => ({
  participation: defineEndpoint({
    id: 'insights.participation',
    method: 'GET',
    path: '/api/employees-participation',
    summary: 'Participation ranking of a month (month 1-12, UTC): trips as driver or passenger, then miles; qualify against the incentive',
    access: INSIGHT_ROLES,
    query: insightMonthPageQuery,
    errors: [404],
    response: pageOf(participationRowSchema),
    tags: ['insights'],
  }),
  participationAllTime: defineEndpoint({
    id: 'insights.participationAllTime',
    method: 'GET',
    path: '/api/employee-participation',
    summary: 'Participation ranking over all time (the Employee Participation tab); qualify is the current month\'s',
    access: INSIGHT_ROLES,
    query: scopedPageQuery,
    errors: [404],
    response: pageOf(participationRowSchema),
    tags: ['insights'],
  }),
  participationExport: defineEndpoint({
    id: 'insights.participationExport',
    method: 'GET',
    path: '/api/employees-participation/export',
    summary: 'The whole participation ranking of a month as CSV (UTF-8 with BOM, RFC 4180, formula cells neutralised)',
    access: INSIGHT_ROLES,
    query: insightMonthQuery,
    errors: [404],
    produces: 'text/csv',
    response: z.string(),
    tags: ['insights'],
  }),
  journeyGroups: defineEndpoint({
    id: 'insights.journeyGroups',
    method: 'GET',
    path: '/api/journey-groups',
    summary: "Journey groups by name with members, meeting points, trips, miles and CO2 saved (for a month when year and month are given, else all time). `officeId` (an office's id, or `none`) lists the groups with a member in that office (or without one), each with the group's whole figures",
    access: INSIGHT_ROLES,
    query: optionalMonthPageQuery,
    errors: [404],
    response: pageOf(journeyGroupSchema),
    tags: ['insights'],
  }),
  journeyGroupsExport: defineEndpoint({
    id: 'insights.journeyGroupsExport',
    method: 'GET',
    path: '/api/journey-groups/export',
    summary: 'Every journey group with its figures as CSV, for a month when year and month are given, else all time, and for the company or an office (`officeId`), exactly as journey-groups answers them (UTF-8 with BOM, RFC 4180, formula cells neutralised)',
    access: INSIGHT_ROLES,
    query: optionalMonthQuery,
    errors: [404],
    produces: 'text/csv',
    response: z.string(),
    tags: ['insights'],
  }),
  feedbacks: defineEndpoint({
    id: 'insights.feedbacks',
    method: 'GET',
    path: '/api/feedbacks',
    summary: 'Employee feedback, newest first, with full name and employee number (no per-item lookups)',
    access: INSIGHT_ROLES,
    query: insightPageQuery,
    response: pageOf(feedbackSchema),
    tags: ['insights'],
  }),
  dashboard: defineEndpoint({
    id: 'insights.dashboard',
    method: 'GET',
    path: '/api/dashboard/summary',
    summary: 'Dashboard tiles and the incentives panel for a month (UTC), computed from stored trips',
    access: INSIGHT_ROLES,
    query: insightMonthQuery,
    errors: [404],
    response: dashboardSummarySchema,
    tags: ['insights'],
  }),
  trend: defineEndpoint({
    id: 'insights.trend',
    method: 'GET',
    path: '/api/dashboard/trend',
    summary: 'Trips, miles, CO2 saved and participants for the 12 months ending with the month given (default: this month)',
    access: INSIGHT_ROLES,
    query: trendQuery,
    errors: [404],
    response: monthlyTrendSchema,
    tags: ['insights'],
  }),
  co2: defineEndpoint({
    id: 'insights.co2',
    method: 'GET',
    path: '/api/journey-groups/co2',
    summary: 'CO2 saved in a month: passenger miles x the average-car emission factor, with the factor, its source, year and scope',
    access: INSIGHT_ROLES,
    query: insightMonthQuery,
    errors: [404],
    response: co2ReportSchema,
    tags: ['insights'],
  }),
  emissionSettings: defineEndpoint({
    id: 'insights.emissionSettings',
    method: 'GET',
    path: '/api/employers/{id}/emissions',
    summary: "The company's emission setting (well-to-tank included or not) and the factors in force",
    access: INSIGHT_ROLES,
    params: idParams,
    response: emissionSettingsSchema,
    tags: ['insights'],
  }),
  updateEmissionSettings: defineEndpoint({
    id: 'insights.updateEmissionSettings',
    method: 'PUT',
    path: '/api/employers/{id}/emissions',
    summary: 'Include or leave out the well-to-tank factor in the company\'s CO2 saved (off by default)',
    access: INSIGHT_ROLES,
    params: idParams,
    body: emissionSettingsBodySchema,
    response: z.extend(okSchema, { settings: emissionSettingsSchema }),
    tags: ['insights'],
  }),
  flaggedTrips: defineEndpoint({
    id: 'insights.flaggedTrips',
    method: 'GET',
    path: '/api/trips/flagged',
    summary:
      'Trips waiting for the employer\'s review, newest first, with why each was flagged: in no figure (incentives, ranking, CO2, dashboard) until confirmed',
    access: INSIGHT_ROLES,
    query: insightPageQuery,
    response: pageOf(flaggedTripSchema),
    tags: ['insights'],
  }),
  confirmTrip: defineEndpoint({
    id: 'insights.confirmTrip',
    method: 'POST',
    path: '/api/trips/{id}/confirm',
    summary: 'Confirm a flagged trip of the own company: it counts in every figure from now on (audited); 409 once it has been reviewed',
    access: EMPLOYER_ROLES,
    params: idParams,
    response: okSchema,
    errors: [409],
    tags: ['insights'],
  }),
  rejectTrip: defineEndpoint({
    id: 'insights.rejectTrip',
    method: 'POST',
    path: '/api/trips/{id}/reject',
    summary: 'Reject a flagged trip of the own company: it never counts in any figure (audited); 409 once it has been reviewed',
    access: EMPLOYER_ROLES,
    params: idParams,
    response: okSchema,
    errors: [409],
    tags: ['insights'],
  }),
} as const));
