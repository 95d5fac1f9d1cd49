import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const A = ENDPOINTS.accounts;

export const adminsModule = apiModule('admins', [
  implement(A.employerAdmins, h.employerAdmins),
  implement(A.superAdmins, h.superAdmins),
  implement(A.addUser, h.addUser),
  implement(A.removeUser, h.removeUser),
  implement(A.setAdminOffices, h.setAdminOffices),
]);
