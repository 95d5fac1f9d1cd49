import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.accounts;

export const adminsRoutes: RouteImpl[] = [
  implement(A.employerAdmins, h.employerAdmins),
  implement(A.superAdmins, h.superAdmins),
  implement(A.addUser, h.addUser),
  implement(A.removeUser, h.removeUser),
];
