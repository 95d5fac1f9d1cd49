import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { insightCompany } from '../../lib/tenancy';
import { decideTrip, flaggedTrips } from './review';
import { foldCompanyRollupsSoon } from './rollups';
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
  const auth = requireAuth(req);
  await decideTrip(ctx.db, auth, req.params.id, 'confirmed');
  // The trip's office shares were appended as deltas (migration 0044): folded now, as after a
  // recorded trip. Readers add the deltas, so a failed fold changes no figure; the next one takes them.
  if (auth.companyId) {
    await foldCompanyRollupsSoon(ctx.db, auth.companyId).catch((e: unknown) => ctx.log.warn({ err: e, companyId: auth.companyId }, 'company roll-up fold failed'));
  }
  return { success: true, message: MESSAGES.insights.tripReview.confirmed };
};

export const reject: Handler<I['rejectTrip']> = async (req, _reply, ctx) => {
  await decideTrip(ctx.db, requireAuth(req), req.params.id, 'rejected');
  return { success: true, message: MESSAGES.insights.tripReview.rejected };
};
