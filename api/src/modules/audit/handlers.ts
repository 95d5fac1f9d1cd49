import type { ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { attachment } from '../../lib/csv';
import * as audit from './service';

type A = typeof ENDPOINTS.audit;

export const list: Handler<A['list']> = async (req, _reply, ctx) => audit.listAudit(ctx, requireAuth(req), req.query);

export const exportCsv: Handler<A['export']> = async (req, reply, ctx) => {
  const csv = await audit.exportAudit(ctx, requireAuth(req), req.query);
  reply.header('content-disposition', attachment(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`));
  return csv;
};
