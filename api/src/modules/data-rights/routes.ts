import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const D = ENDPOINTS.dataRights;

/** People's data rights: export and erasure of an employee, and the employee's own requests (docs/decisions/0044). */
export const dataRightsModule = apiModule('data-rights', [
  implement(D.exportEmployee, h.exportEmployee),
  implement(D.eraseEmployee, h.eraseEmployee_),
  implement(D.erasureRequests, h.erasureRequests),
  implement(D.exportMine, h.exportMine),
  implement(D.requestErasure, h.requestErasure),
]);
