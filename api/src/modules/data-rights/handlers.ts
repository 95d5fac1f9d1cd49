import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { recordUserAudit } from '../../lib/audit';
import { attachment } from '../../lib/csv';
import { HttpError } from '../../lib/http-error';
import type { Handler } from '../../lib/route';
import { scopeOf } from '../../lib/tenancy';
import { requireAuth } from '../../plugins/auth';
import { eraseEmployee } from './erase';
import { exportPerson, findEmployee } from './personal-data';
import { openRequests, requestErasure as recordRequest, requestRecorded } from './requests';

type D = typeof ENDPOINTS.dataRights;

const day = () => new Date().toISOString().slice(0, 10);

export const exportEmployee: Handler<D['exportEmployee']> = async (req, reply, ctx) => {
  const auth = requireAuth(req);
  const data = await ctx.db.transaction(async (tx) => {
    const person = await findEmployee(tx, req.params.id, scopeOf(auth));
    await recordUserAudit(tx, auth, 'employee.exported', [person.id]);
    return exportPerson(tx, person);
  });
  reply.header('content-disposition', attachment(`employee-${data.subject.id}-${day()}.json`));
  reply.header('cache-control', 'no-store');
  return data;
};

export const eraseEmployee_: Handler<D['eraseEmployee']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  const anonymousId = await eraseEmployee(ctx.db, auth, scopeOf(auth), req.params.id);
  return { success: true, message: MESSAGES.dataRights.employeeErased, anonymousId };
};

export const erasureRequests: Handler<D['erasureRequests']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  if (!auth.companyId) throw new HttpError(400, MESSAGES.company.notFound);
  return { success: true, message: MESSAGES.common.ok, requests: await openRequests(ctx.db, auth.companyId) };
};

export const exportMine: Handler<D['exportMine']> = async (req, reply, ctx) => {
  const auth = requireAuth(req);
  const data = await ctx.db.transaction(async (tx) => {
    const person = await findEmployee(tx, auth.userId, null);
    return exportPerson(tx, person);
  });
  reply.header('content-disposition', attachment(`my-data-${day()}.json`));
  reply.header('cache-control', 'no-store');
  return data;
};

export const requestErasure: Handler<D['requestErasure']> = async (req, _reply, ctx) => {
  const open = await recordRequest(ctx.db, requireAuth(req));
  return { success: true, message: requestRecorded(open.dueAt), ...open };
};
