import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { FastifyReply } from 'fastify';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { attachment } from '../../lib/csv';
import * as reports from './service';

type R = typeof ENDPOINTS.reports;

/** The file's type, name and checksum on the answer; the body as the route sends it (a PDF as base64). */
function send(reply: FastifyReply, file: reports.Category7File): string {
  reply.type(file.format === 'pdf' ? 'application/pdf' : 'text/csv');
  reply.header('content-disposition', attachment(file.filename));
  reply.header('x-report-id', file.id);
  reply.header('x-content-sha256', file.sha256);
  return file.body;
}

export const category7: Handler<R['category7']> = async (req, reply, ctx) => {
  const auth = requireAuth(req);
  return send(reply, await reports.category7(ctx.db, auth, reports.reportCompany(auth, req.query.companyId), req.query));
};

export const category7Produced: Handler<R['category7Produced']> = async (req, reply, ctx) =>
  send(reply, await reports.producedCategory7(ctx.db, requireAuth(req), req.params.id, req.query.format));

export const settings: Handler<R['settings']> = async (req, _reply, ctx) => reports.reportingSettings(ctx.db, requireAuth(req), req.params.id);

export const updateSettings: Handler<R['updateSettings']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.reports.settingsSaved,
  settings: await reports.setReportingSettings(ctx.db, requireAuth(req), req.params.id, req.body),
});
