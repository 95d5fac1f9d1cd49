import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const D = ENDPOINTS.drivers;

/** Verification by super admins of the drivers the mobile app's vehicle calls make (modules/vehicles). */
export const driversModule = apiModule('drivers', [
  implement(D.list, h.list),
  implement(D.page, h.page),
  implement(D.get, h.get),
  implement(D.approve, h.approve),
  implement(D.approveVehicles, h.approveVehicles),
  implement(D.reject, h.reject),
  implement(D.notifications, h.notifications),
]);
