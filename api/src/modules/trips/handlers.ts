import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as trips from './service';

export const record: Handler<typeof ENDPOINTS.mobile.recordTrip> = async (req, _reply, ctx) => {
  const { created, trip } = await trips.recordTrip(ctx.db, requireAuth(req), req.body);
  return { success: true, message: created ? MESSAGES.trips.recorded : MESSAGES.trips.alreadyRecorded, created, trip };
};
