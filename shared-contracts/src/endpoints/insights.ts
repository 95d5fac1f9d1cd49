import { defineEndpoint } from '../endpoint';
import { co2ReportSchema, dashboardSummarySchema, feedbackSchema, journeyGroupSchema, pageOf, pageQuerySchema, participationRowSchema } from '../entities';
import { monthQuery } from './shared';

// insights
export const insights = {
  participation: defineEndpoint({
    id: 'insights.participation',
    method: 'GET',
    path: '/api/employees-participation',
    summary: 'Participation ranking by trip count for a month (month is 1-12)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: monthQuery.extend(pageQuerySchema.shape),
    response: pageOf(participationRowSchema),
    tags: ['insights'],
  }),
  participationAllTime: defineEndpoint({
    id: 'insights.participationAllTime',
    method: 'GET',
    path: '/api/employee-participation',
    summary: 'Participation ranking over all time (the Employee Participation tab)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: pageQuerySchema,
    response: pageOf(participationRowSchema),
    tags: ['insights'],
  }),
  journeyGroups: defineEndpoint({
    id: 'insights.journeyGroups',
    method: 'GET',
    path: '/api/journey-groups',
    summary: 'Journey groups with members, meeting points, trips, miles and CO2 saved',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: pageQuerySchema,
    response: pageOf(journeyGroupSchema),
    tags: ['insights'],
  }),
  feedbacks: defineEndpoint({
    id: 'insights.feedbacks',
    method: 'GET',
    path: '/api/feedbacks',
    summary: 'Employee feedback with full name and employee number (no per-item lookups)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: pageQuerySchema,
    response: pageOf(feedbackSchema),
    tags: ['insights'],
  }),
  dashboard: defineEndpoint({
    id: 'insights.dashboard',
    method: 'GET',
    path: '/api/dashboard/summary',
    summary: 'Dashboard tiles and the incentives panel for a month, computed from stored trips',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: monthQuery,
    response: dashboardSummarySchema,
    tags: ['insights'],
  }),
  co2: defineEndpoint({
    id: 'insights.co2',
    method: 'GET',
    path: '/api/journey-groups/co2',
    summary: 'CO2 saved in a month: passenger miles x the average-car emission factor',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    query: monthQuery,
    response: co2ReportSchema,
    tags: ['insights'],
  }),
} as const;
