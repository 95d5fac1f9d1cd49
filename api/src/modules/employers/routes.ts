import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const E = ENDPOINTS.employers;

export const employersRoutes: RouteImpl[] = [implement(E.current, h.current), implement(E.get, h.get)];
