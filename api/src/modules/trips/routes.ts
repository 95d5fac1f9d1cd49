import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

export const tripsRoutes: RouteImpl[] = [
  implement(ENDPOINTS.mobile.recordTrip, h.record),
  implement(ENDPOINTS.insights.flaggedTrips, h.flagged),
  implement(ENDPOINTS.insights.confirmTrip, h.confirm),
  implement(ENDPOINTS.insights.rejectTrip, h.reject),
];
