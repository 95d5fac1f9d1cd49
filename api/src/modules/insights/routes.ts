import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const I = ENDPOINTS.insights;

/** The insights read from the trips, feedback and journey groups the modules of those names record. */
export const insightsModule = apiModule('insights', [
  implement(I.participation, h.participation),
  implement(I.participationAllTime, h.participationAllTime),
  implement(I.participationExport, h.participationExport),
  implement(I.dashboard, h.dashboard),
  implement(I.trend, h.trend),
  implement(I.co2, h.co2),
  implement(I.emissionSettings, h.emissionSettings),
  implement(I.updateEmissionSettings, h.updateEmissionSettings),
]);
