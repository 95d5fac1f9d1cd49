import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as employers from './service';

type E = typeof ENDPOINTS.employers;

export const current: Handler<E['current']> = async (req, _reply, ctx) => {
  const rec = await employers.currentEmployer(ctx, requireAuth(req), req.params.userId);
  return { success: true, message: MESSAGES.common.ok, ...rec };
};

export const get: Handler<E['get']> = async (req, _reply, ctx) => {
  const { company } = await employers.getCompanyFor(ctx, req.auth, req.params.id);
  return { success: true, message: MESSAGES.common.ok, company } as Awaited<ReturnType<Handler<E['get']>>>;
};
