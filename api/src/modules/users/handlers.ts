import type { ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { listUsers } from './service';

export const list: Handler<typeof ENDPOINTS.accounts.users> = async (req, _reply, ctx) => listUsers(ctx, req.query);
