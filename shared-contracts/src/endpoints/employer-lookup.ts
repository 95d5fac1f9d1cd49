import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { companySchema, idSchema, okSchema, publicCompanySchema } from '../entities/session';
import { idParams } from './id-params';

// The two employer reads of the login sequence (document 2, section 4), a module of their own: the
// shell's sign-in and session restore import only these, not the employers group with its forms and
// messages. endpoints/employers.ts holds them in its group under the same names.

export const employerCurrentAnswerSchema = lazySchema(() => z.extend(okSchema, {
  /** The employer-user record id (document 2: employerUserId). */
  id: idSchema,
  userId: idSchema,
  /** The company, null before step 1 is saved. */
  employerId: z.nullable(idSchema),
}));

export const employerLookup = {
  current: defineEndpoint({
    id: 'employers.current',
    method: 'GET',
    path: '/api/employers/current/{userId}',
    summary: 'The employer record of a user (login sequence step 2)',
    access: 'session',
    params: z.object({ userId: z.string() }),
    response: employerCurrentAnswerSchema,
    tags: ['employers'],
  }),
  get: defineEndpoint({
    id: 'employers.get',
    method: 'GET',
    path: '/api/employers/{id}',
    summary: 'A company; an anonymous caller (invite page) learns only its id and name',
    access: 'optional',
    params: idParams,
    response: z.union([z.extend(okSchema, { company: companySchema }), z.extend(okSchema, { company: publicCompanySchema })]),
    tags: ['employers'],
  }),
} as const;
