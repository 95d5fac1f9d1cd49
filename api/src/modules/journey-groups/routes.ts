import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

export const journeyGroupsModule = apiModule('journey-groups', [
  implement(ENDPOINTS.insights.journeyGroups, h.list),
  implement(ENDPOINTS.insights.journeyGroupsExport, h.exportCsv),
  implement(ENDPOINTS.journeyGroups.create, h.create),
  implement(ENDPOINTS.journeyGroups.update, h.update),
  implement(ENDPOINTS.journeyGroups.remove, h.remove),
  implement(ENDPOINTS.mobile.myJourneyGroups, h.mine),
  implement(ENDPOINTS.mobile.joinJourneyGroup, h.join),
  implement(ENDPOINTS.mobile.leaveJourneyGroup, h.leave),
]);
