import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

export const usersModule = apiModule('users', [implement(ENDPOINTS.accounts.users, h.list)]);
