import type { ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { act, actorOf, consoleView } from './service';

type R = typeof ENDPOINTS.releases;

export const read: Handler<R['console']> = async (_req, _reply, ctx) => consoleView(ctx);

export const canary: Handler<R['canary']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  const { version, percent, companies } = req.body;
  return act(ctx, (port) => port.canary(req.params.remote, version, percent, companies, actor));
};

export const promote: Handler<R['promote']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  return act(ctx, (port) => port.promote(req.params.remote, req.body?.version, actor));
};

export const rollback: Handler<R['rollback']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  return act(ctx, (port) => port.rollback(req.params.remote, actor));
};

export const abort: Handler<R['abort']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  return act(ctx, (port) => port.abort(req.params.remote, actor));
};
