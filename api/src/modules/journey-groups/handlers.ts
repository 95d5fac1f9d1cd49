import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { keptOfficeInsight } from '../../lib/insight-answers';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { attachment, toCsv } from '../../lib/csv';
import { monthStart } from '../../lib/period';
import { insightCompany } from '../../lib/tenancy';
import { officeFilter } from '../../lib/offices';
import * as groups from './service';

type I = typeof ENDPOINTS.insights;
type G = typeof ENDPOINTS.journeyGroups;
type M = typeof ENDPOINTS.mobile;

/** Answered from memory while the company's figures are unchanged (lib/insight-answers.ts). */
export const list: Handler<I['journeyGroups']> = async (req, reply, ctx) => {
  const { year, month, pageNumber, pageSize } = req.query;
  const period = year !== undefined && month !== undefined ? monthStart(year, month) : null;
  const auth = requireAuth(req);
  return keptOfficeInsight(ctx, req, reply, auth, {
    name: 'journeyGroups',
    query: req.query,
    schema: ENDPOINTS.insights.journeyGroups.response,
    read: (company, office) => groups.listGroups(ctx.db, company, office, period, pageNumber, pageSize, auth),
  });
};

/** The table's rows and figures, whole: the same period (a month, or all time) and the same statement as the list. */
export const exportCsv: Handler<I['journeyGroupsExport']> = async (req, reply, ctx) => {
  const { year, month } = req.query;
  const period = year !== undefined && month !== undefined ? monthStart(year, month) : null;
  const auth = requireAuth(req);
  const company = insightCompany(auth, req.query.companyId);
  const office = await officeFilter(ctx.db, auth, company, req.query.officeId);
  const all = await groups.allGroups(ctx.db, company, office, period, auth);
  reply.header('content-disposition', attachment(`journey-groups-${period ? period.slice(0, 7) : 'all-time'}.csv`));
  return toCsv(
    MESSAGES.insights.journeyGroupColumns,
    all.map((g) => [g.name, g.members.map((m) => m.name).join('; '), g.trips, g.miles.toFixed(2), g.meetingPoints.join('; '), g.co2SavedKg.toFixed(2)]),
  );
};

export const create: Handler<G['create']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.journeyGroups.created,
  group: await groups.createGroup(ctx.db, requireAuth(req), req.body),
});

export const update: Handler<G['update']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.journeyGroups.updated,
  group: await groups.updateGroup(ctx.db, requireAuth(req), req.params.id, req.body),
});

export const remove: Handler<G['remove']> = async (req, _reply, ctx) => {
  await groups.removeGroup(ctx.db, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.journeyGroups.deleted };
};

export const mine: Handler<M['myJourneyGroups']> = async (req, _reply, ctx) => groups.myGroups(ctx.db, requireAuth(req), req.query.pageNumber, req.query.pageSize);

export const join: Handler<M['joinJourneyGroup']> = async (req, _reply, ctx) => {
  await groups.joinGroup(ctx.db, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.journeyGroups.joined };
};

export const leave: Handler<M['leaveJourneyGroup']> = async (req, _reply, ctx) => {
  await groups.leaveGroup(ctx.db, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.journeyGroups.left };
};
