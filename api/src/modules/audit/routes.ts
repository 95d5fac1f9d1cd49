import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.audit;

export const auditRoutes: RouteImpl[] = [implement(A.list, h.list), implement(A.export, h.exportCsv)];
