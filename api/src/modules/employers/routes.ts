import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const E = ENDPOINTS.employers;

export const employersModule = apiModule('employers', [
  implement(E.current, h.current),
  implement(E.list, h.list),
  implement(E.awaitingSetup, h.awaitingSetup),
  implement(E.get, h.get),
  implement(E.create, h.create),
  implement(E.update, h.update),
  implement(E.addLocation, h.addLocation),
  implement(E.updateLocation, h.updateLocation),
  implement(E.deleteLocation, h.deleteLocation),
  implement(E.getIncentive, h.getIncentive),
  implement(E.saveIncentive, h.saveIncentive),
  implement(E.saveIncentiveWithoutId, h.saveIncentiveWithoutId),
  implement(E.completeSetup, h.completeSetup),
  implement(E.deactivate, h.deactivate),
  implement(E.reactivate, h.reactivate),
  implement(E.remove, h.remove),
]);
