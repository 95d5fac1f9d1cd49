import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as drivers from './service';

type E = typeof ENDPOINTS.drivers;

export const list: Handler<E['list']> = async (req, _reply, ctx) => drivers.listDrivers(ctx.db, req.query.search);

export const page: Handler<E['page']> = async (req, _reply, ctx) => drivers.pageDrivers(ctx.db, req.query);

export const get: Handler<E['get']> = async (req, _reply, ctx) => ({ success: true, message: MESSAGES.common.ok, ...(await drivers.getDriver(ctx.db, req.params.id)) });

export const approve: Handler<E['approve']> = async (req, _reply, ctx) => {
  const count = await drivers.approveDrivers(ctx, requireAuth(req), req.body);
  return { success: true, message: count === 1 ? MESSAGES.drivers.approved : MESSAGES.drivers.bulkApproved, count };
};

export const approveVehicles: Handler<E['approveVehicles']> = async (req, _reply, ctx) => {
  const count = await drivers.approveVehicles(ctx, requireAuth(req), req.body);
  return { success: true, message: MESSAGES.drivers.vehicleApproved, count };
};

export const reject: Handler<E['reject']> = async (req, _reply, ctx) => {
  await drivers.rejectDriver(ctx, requireAuth(req), req.body.employeeId, req.body.notes);
  return { success: true, message: MESSAGES.drivers.rejected };
};

export const notifications: Handler<E['notifications']> = async (_req, _reply, ctx) => drivers.notificationSummary(ctx.db);
