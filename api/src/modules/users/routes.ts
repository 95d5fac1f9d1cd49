import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

export const usersRoutes: RouteImpl[] = [implement(ENDPOINTS.accounts.users, h.list)];
