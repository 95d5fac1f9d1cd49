import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const R = ENDPOINTS.reports;

/** Scope 3 Category 7 reports and the reporting settings they read (docs/decisions/0043). */
export const reportsModule = apiModule('reports', [
  implement(R.category7, h.category7),
  implement(R.category7Produced, h.category7Produced),
  implement(R.settings, h.settings),
  implement(R.updateSettings, h.updateSettings),
]);
