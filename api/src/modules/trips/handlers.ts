import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { insightCompany } from '../../lib/tenancy';
import { decideTrip, flaggedTrips } from './review';
import * as trips from './service';

export const record: Handler<typeof ENDPOINTS.mobile.recordTrip> = async (req, _reply, ctx) => {
  const { created, trip } = await trips.recordTrip(ctx, requireAuth(req), req.body);
  const message = !created ? MESSAGES.trips.alreadyRecorded : trip.review === 'flagged' ? MESSAGES.trips.recordedForReview : MESSAGES.trips.recorded;
  return { success: true, message, created, trip };
};

type I = typeof ENDPOINTS.insights;

export const flagged: Handler<I['flaggedTrips']> = async (req, _reply, ctx) =>
  flaggedTrips(ctx.db, insightCompany(requireAuth(req), req.query.companyId), req.query.pageNumber, req.query.pageSize);

export const confirm: Handler<I['confirmTrip']> = async (req, _reply, ctx) => {
  await decideTrip(ctx.db, requireAuth(req), req.params.id, 'confirmed');
  return { success: true, message: MESSAGES.insights.tripReview.confirmed };
};

export const reject: Handler<I['rejectTrip']> = async (req, _reply, ctx) => {
  await decideTrip(ctx.db, requireAuth(req), req.params.id, 'rejected');
  return { success: true, message: MESSAGES.insights.tripReview.rejected };
};
