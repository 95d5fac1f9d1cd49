import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.accounts;

export const accountsModule = apiModule('accounts', [
  implement(A.register, h.register),
  implement(A.login, h.login),
  implement(A.logout, h.logout),
  implement(A.me, h.me),
  implement(A.forgotPassword, h.forgotPassword),
  implement(A.resetPassword, h.resetPassword),
  implement(A.changePassword, h.changePassword),
]);
