import type { FastifyRequest } from 'fastify';
import { ENDPOINTS, MESSAGES, type Employee, type Page } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { clientMeta } from '../../lib/request-meta';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { fastSerializer } from '../../plugins/fast-serializer';
import { parseEmployeesCsv } from './csv';
import * as employeeImport from './import';
import { listCacheOf } from './list-cache';
import { readCsvUpload } from './multipart';
import * as lifecycle from './lifecycle';
import * as roster from './roster';
import { listEmployeesJson } from './list';
import { getEmployee } from './rows';
import * as signUp from './sign-up';

type E = typeof ENDPOINTS.employees;

export const selfRegister: Handler<E['selfRegister']> = async (req, _reply, ctx) => {
  const { id } = await signUp.selfRegister(ctx, req.params.companyId, req.body, clientMeta(req));
  return { success: true, message: MESSAGES.employeeSignup.success, response: { id } };
};

// The lists answer JSON they serialise once and keep (list-cache.ts) with the same serializer the
// route would use (plugins/fast-serializer.ts); a string sent as application/json goes out as it is.
const listJson = fastSerializer(ENDPOINTS.employees.list.response) as (page: Page<Employee>) => string;
const pendingJson = fastSerializer(ENDPOINTS.employees.pending.response) as (page: Page<Employee>) => string;

export const list: Handler<E['list']> = async (req, reply, ctx) => {
  const json = await listEmployeesJson(ctx, listCacheOf(req.server), requireAuth(req), req.query, 'approved', listJson);
  reply.type('application/json; charset=utf-8');
  return json as never;
};

export const pending: Handler<E['pending']> = async (req, reply, ctx) => {
  const json = await listEmployeesJson(ctx, listCacheOf(req.server), requireAuth(req), req.query, 'pending', pendingJson);
  reply.type('application/json; charset=utf-8');
  return json as never;
};

export const get: Handler<E['get']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.common.ok,
  employee: await getEmployee(ctx, requireAuth(req), req.params.id),
});

export const accept: Handler<E['accept']> = async (req, _reply, ctx) => {
  await lifecycle.accept(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.approved };
};

export const bulkAccept: Handler<E['bulkAccept']> = async (req, _reply, ctx) => {
  const count = await lifecycle.bulkAccept(ctx, requireAuth(req), req.body.employeeIds);
  return { success: true, message: MESSAGES.employees.bulkApproved, count };
};

export const bulkReject: Handler<E['bulkReject']> = async (req, _reply, ctx) => {
  const count = await lifecycle.bulkReject(ctx, requireAuth(req), req.body.employeeIds);
  return { success: true, message: MESSAGES.joinRequests.rejectedMany, count };
};

export const reject: Handler<E['reject']> = async (req, _reply, ctx) => {
  await lifecycle.reject(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.rejected };
};

export const deactivate: Handler<E['deactivate']> = async (req, _reply, ctx) => {
  await lifecycle.deactivate(ctx, requireAuth(req), req.params.id, req.body.reason);
  return { success: true, message: MESSAGES.employees.deactivated };
};

export const setOffice: Handler<E['setOffice']> = async (req, _reply, ctx) => {
  await lifecycle.setOffice(ctx, requireAuth(req), req.params.id, req.body.officeId);
  return { success: true, message: MESSAGES.employees.officeChanged, officeId: req.body.officeId };
};

export const reactivate: Handler<E['reactivate']> = async (req, _reply, ctx) => {
  await lifecycle.reactivate(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.reactivated };
};

export const remove: Handler<E['remove']> = async (req, _reply, ctx) => {
  await lifecycle.remove(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.deleted };
};

export const bulkAdd: Handler<E['bulkAdd']> = async (req, _reply, ctx) => {
  const count = await employeeImport.bulkAdd(ctx, requireAuth(req), req.body.employees);
  return { success: true, message: MESSAGES.employees.manualAdded, count };
};

export const csvImport: Handler<E['csvImport']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  const buf = await readCsvUpload(req as unknown as FastifyRequest);
  if (buf.length === 0) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  const { rows, problems, keys } = await parseEmployeesCsv(buf);
  const count = await employeeImport.importEmployees(ctx, auth, rows, 'csv', { problems, keys });
  return { success: true, message: MESSAGES.employees.csvSuccess, count };
};

/** The uploaded roster file, read and parsed as the import reads one. */
async function rosterFile(req: FastifyRequest) {
  const buf = await readCsvUpload(req);
  if (buf.length === 0) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  return { buf, parsed: await parseEmployeesCsv(buf) };
}

export const rosterPreview: Handler<E['rosterPreview']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  const { buf, parsed } = await rosterFile(req as unknown as FastifyRequest);
  return { success: true, message: MESSAGES.roster.previewed, diff: await roster.previewRoster(ctx, auth, buf, parsed) };
};

export const rosterApply: Handler<E['rosterApply']> = async (req, _reply, ctx) => {
  const auth = requireAuth(req);
  const { buf, parsed } = await rosterFile(req as unknown as FastifyRequest);
  const report = await roster.applyRoster(ctx, auth, buf, parsed, req.query.fingerprint, req.query.confirmLeaving === 'true');
  return { success: true, message: MESSAGES.roster.applied, report };
};
