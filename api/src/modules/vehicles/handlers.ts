import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as vehicles from './service';

type E = typeof ENDPOINTS.vehicles;

export const mine: Handler<E['mine']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.common.ok,
  driver: await vehicles.myDriver(ctx, requireAuth(req)),
});

export const save: Handler<E['save']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.vehicles.saved,
  driver: await vehicles.saveVehicle(ctx, requireAuth(req), req.body),
});

export const remove: Handler<E['remove']> = async (req, _reply, ctx) => {
  await vehicles.removeVehicle(ctx, requireAuth(req));
  return { success: true, message: MESSAGES.vehicles.removed };
};
