import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

export const tripsModule = apiModule('trips', [
  implement(ENDPOINTS.mobile.recordTrip, h.record),
  implement(ENDPOINTS.insights.flaggedTrips, h.flagged),
  implement(ENDPOINTS.insights.confirmTrip, h.confirm),
  implement(ENDPOINTS.insights.rejectTrip, h.reject),
]);
