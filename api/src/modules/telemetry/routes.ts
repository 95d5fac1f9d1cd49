import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const T = ENDPOINTS.telemetry;
const R = ENDPOINTS.releases;

export const telemetryModule = apiModule('telemetry', [implement(T.ingest, h.ingest), implement(R.health, h.health)]);
