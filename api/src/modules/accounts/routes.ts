import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.accounts;

export const accountsRoutes: RouteImpl[] = [
  implement(A.register, h.register),
  implement(A.login, h.login),
  implement(A.logout, h.logout),
  implement(A.me, h.me),
  implement(A.forgotPassword, h.forgotPassword),
  implement(A.resetPassword, h.resetPassword),
  implement(A.changePassword, h.changePassword),
];
