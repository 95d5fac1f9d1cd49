import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { SESSION_CHECK_PATH } from '@portal/shared-contracts/constants';
import { defineEndpoint } from '../endpoint';
import { idSchema, okSchema, roleSchema, sessionUserSchema } from '../entities/session';
import { loginBodySchema } from '@portal/shared-contracts/forms/login';

// The session's endpoints: what the shell's start-up and the login page call (sign in, the stored
// session's check, sign out). A shared entry of its own, without the other accounts endpoints and their
// forms and entities; the accounts group (accounts.ts) names these same objects.
export const loginAnswerSchema = lazySchema(() => z.extend(okSchema, {
  token: z.string(),
  id: idSchema,
  role: roleSchema,
  signUpState: z.number().check(z.int()),
  userSignUpState: z.number().check(z.int()),
  email: z.string(),
  name: z.string(),
  employerId: z.nullable(idSchema),
  employerUserId: z.nullable(idSchema),
  /** As `sessionUserSchema.offices`: an office admin's offices, null for the whole company. */
  offices: z.nullable(z.array(idSchema)),
}));
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const sessionEndpoints = {
  login: defineEndpoint({
    id: 'accounts.login',
    method: 'POST',
    path: '/api/accounts/login',
    summary: 'Sign in; answers the token and the user the portal routes by',
    access: 'public',
    body: loginBodySchema,
    response: loginAnswerSchema,
    errors: [403, 429],
    tags: ['accounts'],
  }),
  logout: defineEndpoint({
    id: 'accounts.logout',
    method: 'POST',
    path: '/api/accounts/logout',
    summary: "End the current session on the server; a session from a company's provider also answers where to end the provider's",
    access: 'optional',
    // A session opened through single sign-on: the provider's end-session URL (RP-initiated logout).
    response: z.extend(okSchema, { endSessionUrl: z.optional(z.string()) }),
    tags: ['accounts'],
  }),
  me: defineEndpoint({
    id: 'accounts.me',
    method: 'GET',
    path: SESSION_CHECK_PATH,
    summary: 'The signed-in user of the current session (restores the portal after a reload)',
    access: 'session',
    response: z.extend(okSchema, { user: sessionUserSchema }),
    tags: ['accounts'],
  }),
} as const;
