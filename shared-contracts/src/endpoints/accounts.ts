import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { adminEntrySchema, okWithIdSchema, pageOf, userListItemSchema } from '../entities/accounts';
import { okSchema } from '../entities/session';
import { addUserBodySchema, adminOfficesBodySchema, changePasswordBodySchema, forgotPasswordBodySchema, registerBodySchema, resetPasswordBodySchema } from '@portal/shared-contracts/forms/auth';
import { loginAnswerSchema, sessionEndpoints } from '@portal/shared-contracts/endpoints/session';
import { idParams, pageQuerySchema, searchQuery } from './shared';

// accounts (both documents, section 7); sign in, sign out and the session check are the session's
// endpoints (session.ts), a shared entry of their own, named through the package.
export { loginAnswerSchema, type LoginAnswer } from '@portal/shared-contracts/endpoints/session';

export const accounts = {
  register: defineEndpoint({
    id: 'accounts.register',
    method: 'POST',
    path: '/api/accounts/register',
    summary: 'Create an employer account (role Employer) and sign it in',
    access: 'public',
    body: registerBodySchema,
    response: loginAnswerSchema,
    status: 201,
    errors: [429],
    tags: ['accounts'],
  }),
  login: sessionEndpoints.login,
  logout: sessionEndpoints.logout,
  me: sessionEndpoints.me,
  forgotPassword: defineEndpoint({
    id: 'accounts.forgotPassword',
    method: 'POST',
    path: '/api/accounts/forgot-password',
    summary: 'Mail a reset link; answers the same whether or not the account exists',
    access: 'public',
    body: forgotPasswordBodySchema,
    response: okSchema,
    errors: [429],
    tags: ['accounts'],
  }),
  resetPassword: defineEndpoint({
    id: 'accounts.resetPassword',
    method: 'POST',
    path: '/api/accounts/reset-password',
    summary: 'Set a new password with a mailed token (single use); ends every session of the user',
    access: 'public',
    body: resetPasswordBodySchema,
    response: okSchema,
    tags: ['accounts'],
  }),
  changePassword: defineEndpoint({
    id: 'accounts.changePassword',
    method: 'POST',
    path: '/api/accounts/change-password',
    summary: 'Change the signed-in user password; ends every session of the user',
    access: 'session',
    body: changePasswordBodySchema,
    response: okSchema,
    errors: [429],
    endsSession: true,
    tags: ['accounts'],
  }),
  employerAdmins: defineEndpoint({
    id: 'accounts.employerAdmins',
    method: 'GET',
    path: '/api/accounts/employer/{employerId}/admins',
    summary: "Admin users of the caller's company (the caller excluded)",
    access: ['Employer', 'Admin', 'SuperAdmin'],
    params: z.object({ employerId: z.string() }),
    query: z.partial(pageQuerySchema),
    response: pageOf(adminEntrySchema),
    tags: ['accounts'],
  }),
  superAdmins: defineEndpoint({
    id: 'accounts.superAdmins',
    method: 'GET',
    path: '/api/accounts/super-admins',
    summary: 'All super admins (the caller excluded), newest first',
    access: ['SuperAdmin'],
    response: z.array(adminEntrySchema),
    tags: ['accounts'],
  }),
  addUser: defineEndpoint({
    id: 'accounts.addUser',
    method: 'POST',
    path: '/api/accounts/users/add',
    summary: 'Add an admin user (super admin: SuperAdmin or Employer; employer: Admin of its company)',
    access: ['SuperAdmin', 'Employer', 'Admin'],
    body: addUserBodySchema,
    response: okWithIdSchema,
    status: 201,
    tags: ['accounts'],
  }),
  removeUser: defineEndpoint({
    id: 'accounts.removeUser',
    method: 'DELETE',
    path: '/api/accounts/users/{id}',
    summary: 'Remove an admin user; their sessions end at once',
    access: ['SuperAdmin', 'Employer', 'Admin'],
    params: idParams,
    response: okSchema,
    tags: ['accounts'],
  }),
  setAdminOffices: defineEndpoint({
    id: 'accounts.setAdminOffices',
    method: 'PUT',
    path: '/api/accounts/users/{id}/offices',
    summary: "Limit an admin of the caller's company to some offices, or give them the whole company (null)",
    access: ['Employer', 'Admin'],
    params: idParams,
    body: adminOfficesBodySchema,
    response: okSchema,
    tags: ['accounts'],
  }),
  users: defineEndpoint({
    id: 'accounts.users',
    method: 'GET',
    path: '/api/users',
    summary: 'All users (employees and employers), paged, searchable, filterable (super admin)',
    access: ['SuperAdmin'],
    query: z.extend(searchQuery, { type: z.optional(z.enum(['All', 'Employees', 'Employers'])) }),
    response: pageOf(userListItemSchema),
    tags: ['accounts'],
  }),
} as const;
