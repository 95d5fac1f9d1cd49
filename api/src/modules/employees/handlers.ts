import type { FastifyRequest } from 'fastify';
import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { clientMeta } from '../../lib/request-meta';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { parseEmployeesCsv } from './csv';
import * as employeeImport from './import';
import { readCsvUpload } from './multipart';
import * as employees from './service';

type E = typeof ENDPOINTS.employees;

export const selfRegister: Handler<E['selfRegister']> = async (req, _reply, ctx) => {
  const { id } = await employees.selfRegister(ctx, req.params.companyId, req.body, clientMeta(req));
  return { success: true, message: MESSAGES.employeeSignup.success, response: { id } };
};

export const list: Handler<E['list']> = async (req, _reply, ctx) => employees.listEmployees(ctx, requireAuth(req), req.query, true);

export const pending: Handler<E['pending']> = async (req, _reply, ctx) => employees.listEmployees(ctx, requireAuth(req), req.query, false);

export const get: Handler<E['get']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.common.ok,
  employee: await employees.getEmployee(ctx, requireAuth(req), req.params.id),
});

export const accept: Handler<E['accept']> = async (req, _reply, ctx) => {
  await employees.accept(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.approved };
};

export const bulkAccept: Handler<E['bulkAccept']> = async (req, _reply, ctx) => {
  const count = await employees.bulkAccept(ctx, requireAuth(req), req.body.employeeIds);
  return { success: true, message: MESSAGES.employees.bulkApproved, count };
};

export const bulkReject: Handler<E['bulkReject']> = async (req, _reply, ctx) => {
  const count = await employees.bulkReject(ctx, requireAuth(req), req.body.employeeIds);
  return { success: true, message: MESSAGES.joinRequests.rejectedMany, count };
};

export const reject: Handler<E['reject']> = async (req, _reply, ctx) => {
  await employees.reject(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.rejected };
};

export const deactivate: Handler<E['deactivate']> = async (req, _reply, ctx) => {
  await employees.deactivate(ctx, requireAuth(req), req.params.id, req.body.reason);
  return { success: true, message: MESSAGES.employees.deactivated };
};

export const reactivate: Handler<E['reactivate']> = async (req, _reply, ctx) => {
  await employees.reactivate(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.employees.reactivated };
};

export const remove: Handler<E['remove']> = async (req, _reply, ctx) => {
  await employees.remove(ctx, requireAuth(req), req.params.id);
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
  const rows = await parseEmployeesCsv(buf);
  const count = await employeeImport.importEmployees(ctx, auth, rows);
  return { success: true, message: MESSAGES.employees.csvSuccess, count };
};
