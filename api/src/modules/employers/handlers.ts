import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import * as employers from './service';

type E = typeof ENDPOINTS.employers;

export const current: Handler<E['current']> = async (req, _reply, ctx) => {
  const rec = await employers.currentEmployer(ctx, requireAuth(req), req.params.userId);
  return { success: true, message: MESSAGES.common.ok, ...rec };
};

export const get: Handler<E['get']> = async (req, _reply, ctx) => {
  const { company } = await employers.getCompanyFor(ctx, req.auth, req.params.id);
  return { success: true, message: MESSAGES.common.ok, company } as Awaited<ReturnType<Handler<E['get']>>>;
};

export const list: Handler<E['list']> = async (req, _reply, ctx) => employers.listEmployers(ctx, req.query);

export const awaitingSetup: Handler<E['awaitingSetup']> = async (req, _reply, ctx) => employers.listAwaitingSetup(ctx, req.query);

export const create: Handler<E['create']> = async (req, _reply, ctx) => {
  const company = await employers.createCompany(ctx, requireAuth(req), req.body);
  return { success: true, message: MESSAGES.company.saved, id: company.id, company };
};

export const update: Handler<E['update']> = async (req, _reply, ctx) => {
  const company = await employers.updateCompany(ctx, requireAuth(req), req.body);
  return { success: true, message: MESSAGES.company.saved, id: company.id, company };
};

export const addLocation: Handler<E['addLocation']> = async (req, _reply, ctx) => {
  const { location, signUpState } = await employers.addLocation(ctx, requireAuth(req), req.params.id, req.body);
  return { success: true, message: MESSAGES.company.locationAdded, id: location.id, location, signUpState };
};

export const updateLocation: Handler<E['updateLocation']> = async (req, _reply, ctx) => {
  const location = await employers.updateLocation(ctx, requireAuth(req), req.body);
  return { success: true, message: MESSAGES.company.locationUpdated, id: location.id, location };
};

export const deleteLocation: Handler<E['deleteLocation']> = async (req, _reply, ctx) => {
  await employers.deleteLocation(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.company.locationRemoved };
};

export const getIncentive: Handler<E['getIncentive']> = async (req, _reply, ctx) => {
  const incentive = await employers.getIncentive(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.common.ok, incentive };
};

export const saveIncentive: Handler<E['saveIncentive']> = async (req, _reply, ctx) => {
  const { incentive, signUpState } = await employers.saveIncentive(ctx, requireAuth(req), req.params.id, req.body);
  return { success: true, message: MESSAGES.company.incentiveSaved, incentive, signUpState };
};

/** `POST /api/incentives/employers/incentive`: the spec's call with no id at all gets its message, not a 404. */
export const saveIncentiveWithoutId: Handler<E['saveIncentiveWithoutId']> = async () => {
  throw employers.companyIdMissing();
};

export const completeSetup: Handler<E['completeSetup']> = async (req, _reply, ctx) => {
  const signUpState = await employers.completeSetup(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.common.ok, signUpState };
};

export const deactivate: Handler<E['deactivate']> = async (req, _reply, ctx) => {
  await employers.deactivateCompany(ctx, requireAuth(req), req.params.id, req.body.reason);
  return { success: true, message: MESSAGES.company.deactivated };
};

export const reactivate: Handler<E['reactivate']> = async (req, _reply, ctx) => {
  await employers.reactivateCompany(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.company.reactivated };
};

export const remove: Handler<E['remove']> = async (req, _reply, ctx) => {
  await employers.removeCompany(ctx, requireAuth(req), req.params.id);
  return { success: true, message: MESSAGES.company.deleted };
};
