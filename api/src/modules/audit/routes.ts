import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.audit;

export const auditModule = apiModule('audit', [implement(A.list, h.list), implement(A.export, h.exportCsv)]);
