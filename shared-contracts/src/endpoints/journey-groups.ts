import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { journeyGroupSchema, okSchema } from '../entities';
import { journeyGroupBodySchema, journeyGroupUpdateBodySchema } from '@portal/shared-contracts/forms';
import { idParams } from './shared';

// journey groups: the employer's management calls (the list is `insights.journeyGroups`)
export const journeyGroups = lazyGroup(() => ({
  create: defineEndpoint({
    id: 'journeyGroups.create',
    method: 'POST',
    path: '/api/journey-groups',
    summary: 'Create a journey group of the company: a name unique in the company, and meeting points',
    access: ['Employer', 'Admin'],
    body: journeyGroupBodySchema,
    response: z.extend(okSchema, { group: journeyGroupSchema }),
    status: 201,
    errors: [409],
    tags: ['journey-groups'],
  }),
  update: defineEndpoint({
    id: 'journeyGroups.update',
    method: 'PUT',
    path: '/api/journey-groups/{id}',
    summary: 'Rename a journey group (meeting points replaced when sent)',
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    body: journeyGroupUpdateBodySchema,
    response: z.extend(okSchema, { group: journeyGroupSchema }),
    errors: [409],
    tags: ['journey-groups'],
  }),
  remove: defineEndpoint({
    id: 'journeyGroups.remove',
    method: 'DELETE',
    path: '/api/journey-groups/{id}',
    summary: "Delete a journey group: members leave it; its trips stay in every figure, no longer under the group",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: idParams,
    response: okSchema,
    tags: ['journey-groups'],
  }),
} as const));
