import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import { vehiclesRoutes } from '../vehicles/routes';
import * as h from './handlers';

const D = ENDPOINTS.drivers;

/** Verification by super admins, and the mobile app's vehicle calls that make drivers. */
export const driversRoutes: RouteImpl[] = [
  implement(D.list, h.list),
  implement(D.page, h.page),
  implement(D.get, h.get),
  implement(D.approve, h.approve),
  implement(D.approveVehicles, h.approveVehicles),
  implement(D.reject, h.reject),
  implement(D.notifications, h.notifications),
  ...vehiclesRoutes,
];
