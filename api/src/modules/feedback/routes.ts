import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

export const feedbackModule = apiModule('feedback', [implement(ENDPOINTS.mobile.sendFeedback, h.send), implement(ENDPOINTS.insights.feedbacks, h.list)]);
