import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { clientMeta } from '../../lib/request-meta';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as admins from './service';

type A = typeof ENDPOINTS.accounts;

export const employerAdmins: Handler<A['employerAdmins']> = async (req, _reply, ctx) =>
  admins.listEmployerAdmins(ctx, requireAuth(req), req.params.employerId, req.query);

export const superAdmins: Handler<A['superAdmins']> = async (req, _reply, ctx) => admins.listSuperAdmins(ctx, requireAuth(req));

export const addUser: Handler<A['addUser']> = async (req, _reply, ctx) => {
  const { id, message } = await admins.addUser(ctx, requireAuth(req), req.body, clientMeta(req));
  return { success: true, message, id };
};

export const removeUser: Handler<A['removeUser']> = async (req, _reply, ctx) => {
  await admins.removeUser(ctx, requireAuth(req), req.params.id, clientMeta(req));
  return { success: true, message: MESSAGES.admins.userRemoved };
};

export const setAdminOffices: Handler<A['setAdminOffices']> = async (req, _reply, ctx) => {
  await admins.setAdminOffices(ctx, requireAuth(req), req.params.id, req.body.officeIds);
  return { success: true, message: MESSAGES.admins.officesSaved };
};
