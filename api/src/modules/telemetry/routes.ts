import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const T = ENDPOINTS.telemetry;
const R = ENDPOINTS.releases;

export const telemetryRoutes: RouteImpl[] = [implement(T.ingest, h.ingest), implement(R.health, h.health)];
