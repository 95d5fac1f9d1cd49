import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

export const feedbackRoutes: RouteImpl[] = [implement(ENDPOINTS.mobile.sendFeedback, h.send), implement(ENDPOINTS.insights.feedbacks, h.list)];
