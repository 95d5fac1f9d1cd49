import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { attachment, toCsv } from '../../lib/csv';
import { getEmissionSettings, setEmissionSettings } from './emissions';
import { currentMonth, monthStart } from '../../lib/period';
import * as insights from './service';
import { insightCompany } from '../../lib/tenancy';
import { officeFilter, type OfficeFilter } from '../../lib/offices';
import type { Db } from '../../db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../../context';
import { keptOfficeInsight } from '../../lib/insight-answers';

/** The company an insight reads and the office filter checked against it. */
async function scopeOfInsight(db: Db, req: FastifyRequest, q: { companyId?: string | undefined; officeId?: string | undefined }) {
  const auth = requireAuth(req);
  const companyId = insightCompany(auth, q.companyId);
  return { companyId, office: await officeFilter(db, auth, companyId, q.officeId) };
}

type I = typeof ENDPOINTS.insights;

/**
 * An insight answered from memory when the company's figures have not changed since it was read
 * (lib/insight-answers.ts); `read` reads it otherwise, for the office asked for once checked.
 */
function kept(
  name: keyof I,
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: ApiContext,
  q: { companyId?: string | undefined; officeId?: string | undefined },
  read: (companyId: string, office: OfficeFilter) => Promise<unknown>,
): Promise<never> {
  return keptOfficeInsight(ctx, req, reply, requireAuth(req), { name, query: q, schema: ENDPOINTS.insights[name].response, read });
}

export const participation: Handler<I['participation']> = async (req, reply, ctx) =>
  kept('participation', req, reply, ctx, req.query, (companyId, office) =>
    insights.monthlyRanking(ctx.db, companyId, office, monthStart(req.query.year, req.query.month), req.query.pageNumber, req.query.pageSize),
  );

export const participationAllTime: Handler<I['participationAllTime']> = async (req, reply, ctx) =>
  kept('participationAllTime', req, reply, ctx, req.query, (companyId, office) => insights.allTimeRanking(ctx.db, companyId, office, req.query.pageNumber, req.query.pageSize));

export const participationExport: Handler<I['participationExport']> = async (req, reply, ctx) => {
  const month = monthStart(req.query.year, req.query.month);
  const { companyId, office } = await scopeOfInsight(ctx.db, req, req.query);
  const ranking = await insights.monthlyRankingRows(ctx.db, companyId, office, month);
  const L = MESSAGES.labels;
  reply.header('content-disposition', attachment(`participation-${month.slice(0, 7)}.csv`));
  return toCsv(
    MESSAGES.insights.participationColumns,
    ranking.map((r) => [r.position, r.name, r.department, r.totalTrips, r.totalDistance.toFixed(2), r.accountType === 'Driver' ? L.driver : L.passenger, r.qualify ? L.qualified : MESSAGES.insights.inProgress]),
  );
};

export const dashboard: Handler<I['dashboard']> = async (req, reply, ctx) =>
  kept('dashboard', req, reply, ctx, req.query, (companyId, office) => insights.dashboardSummary(ctx.db, companyId, office, monthStart(req.query.year, req.query.month)));

export const trend: Handler<I['trend']> = async (req, reply, ctx) => {
  const { year, month } = req.query;
  // The current month is part of every kept answer's key: the default trend ends with it.
  const last = year !== undefined && month !== undefined ? monthStart(year, month) : currentMonth();
  return kept('trend', req, reply, ctx, req.query, (companyId, office) => insights.monthlyTrend(ctx.db, companyId, office, last));
};

export const co2: Handler<I['co2']> = async (req, reply, ctx) =>
  kept('co2', req, reply, ctx, req.query, (companyId, office) => insights.co2Report(ctx.db, companyId, office, monthStart(req.query.year, req.query.month)));

export const emissionSettings: Handler<I['emissionSettings']> = async (req, _reply, ctx) =>
  getEmissionSettings(ctx.db, requireAuth(req), req.params.id, currentMonth());

export const updateEmissionSettings: Handler<I['updateEmissionSettings']> = async (req, _reply, ctx) => ({
  success: true,
  message: MESSAGES.insights.emissionsSaved,
  settings: await setEmissionSettings(ctx.db, requireAuth(req), req.params.id, req.body.includeWellToTank, currentMonth()),
});
