import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { myJourneyGroupSchema, okSchema, okWithIdSchema, pageOf, tripSchema } from '../entities';
import { feedbackBodySchema, tripBodySchema } from '@portal/shared-contracts/forms';
import { idParams } from './shared';
import { insightPageQuery } from './insights';

/**
 * The mobile app's calls: an employee (bearer token from `accounts/login`, active and approved)
 * records trips, leaves feedback and joins journey groups of their own company.
 */
export const mobile = lazyGroup(() => ({
  recordTrip: defineEndpoint({
    id: 'mobile.recordTrip',
    method: 'POST',
    path: '/api/trips',
    summary:
      'The driver (the caller: an active employee, a verified driver with a verified vehicle) records a trip. Idempotent on (driver, clientTripId): a retry answers the stored trip with created false; the same id with different details is a 409, as is a trip overlapping one of the driver\'s or beyond the day\'s limit; an unusual trip is kept with review flagged',
    access: ['Employee'],
    body: tripBodySchema,
    response: z.extend(okSchema, { created: z.boolean(), trip: tripSchema }),
    status: 201,
    errors: [409, 429],
    tags: ['mobile'],
  }),
  sendFeedback: defineEndpoint({
    id: 'mobile.sendFeedback',
    method: 'POST',
    path: '/api/feedbacks',
    summary: 'An employee leaves feedback (1 to 2000 characters)',
    access: ['Employee'],
    body: feedbackBodySchema,
    response: okWithIdSchema,
    status: 201,
    tags: ['mobile'],
  }),
  myJourneyGroups: defineEndpoint({
    id: 'mobile.myJourneyGroups',
    method: 'GET',
    path: '/api/journey-groups/mine',
    summary: "The journey groups of the caller's company by name, each saying whether the caller is a member",
    access: ['Employee'],
    query: z.omit(insightPageQuery, { companyId: true }),
    response: pageOf(myJourneyGroupSchema),
    tags: ['mobile'],
  }),
  joinJourneyGroup: defineEndpoint({
    id: 'mobile.joinJourneyGroup',
    method: 'POST',
    path: '/api/journey-groups/{id}/join',
    summary: 'Join a journey group of the own company (joining twice is not an error)',
    access: ['Employee'],
    params: idParams,
    response: okSchema,
    tags: ['mobile'],
  }),
  leaveJourneyGroup: defineEndpoint({
    id: 'mobile.leaveJourneyGroup',
    method: 'POST',
    path: '/api/journey-groups/{id}/leave',
    summary: 'Leave a journey group (leaving one is not a member of is not an error)',
    access: ['Employee'],
    params: idParams,
    response: okSchema,
    tags: ['mobile'],
  }),
} as const));
