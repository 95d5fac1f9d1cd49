import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import { feedbackRoutes } from '../feedback/routes';
import { journeyGroupsRoutes } from '../journey-groups/routes';
import { tripsRoutes } from '../trips/routes';
import * as h from './handlers';

const I = ENDPOINTS.insights;

/** The insights and the calls that feed them (trips, feedback, journey groups). */
export const insightsRoutes: RouteImpl[] = [
  implement(I.participation, h.participation),
  implement(I.participationAllTime, h.participationAllTime),
  implement(I.participationExport, h.participationExport),
  implement(I.dashboard, h.dashboard),
  implement(I.trend, h.trend),
  implement(I.co2, h.co2),
  implement(I.emissionSettings, h.emissionSettings),
  implement(I.updateEmissionSettings, h.updateEmissionSettings),
  ...tripsRoutes,
  ...feedbackRoutes,
  ...journeyGroupsRoutes,
];
