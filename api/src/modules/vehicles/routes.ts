import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const V = ENDPOINTS.vehicles;

export const vehiclesModule = apiModule('vehicles', [implement(V.mine, h.mine), implement(V.save, h.save), implement(V.remove, h.remove)]);
