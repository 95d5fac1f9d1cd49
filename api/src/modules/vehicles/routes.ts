import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const V = ENDPOINTS.vehicles;

export const vehiclesRoutes: RouteImpl[] = [implement(V.mine, h.mine), implement(V.save, h.save), implement(V.remove, h.remove)];
