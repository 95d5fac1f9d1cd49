import type { ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { parsePreviewExpires } from '@portal/shared-contracts/release-preview';
import { act, actorOf, changeFreeze, companyFreeze, consoleFreezes, consolePreviews, consoleView, endPreview, makePreview } from './service';

type R = typeof ENDPOINTS.releases;
type F = typeof ENDPOINTS.releaseFreezes;

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

export const freezes: Handler<F['list']> = async (_req, _reply, ctx) => consoleFreezes(ctx);

export const freeze: Handler<F['freeze']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  await changeFreeze(ctx, (port) => port.freeze(req.params.companyId, req.body.until, actor));
  return consoleFreezes(ctx);
};

export const unfreeze: Handler<F['unfreeze']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  await changeFreeze(ctx, (port) => port.unfreeze(req.params.companyId, actor));
  return consoleFreezes(ctx);
};

/** The caller's own company: an employer before setup has none to freeze. */
function ownCompany(req: Parameters<typeof requireAuth>[0]): { companyId: string; actor: string } {
  const auth = requireAuth(req);
  if (!auth.companyId) throw new HttpError(409, MESSAGES.releaseFreeze.noCompany);
  return { companyId: auth.companyId, actor: actorOf(auth) };
}

export const mine: Handler<F['mine']> = async (req, _reply, ctx) => companyFreeze(ctx, ownCompany(req).companyId);

export const freezeMine: Handler<F['freezeMine']> = async (req, _reply, ctx) => {
  const { companyId, actor } = ownCompany(req);
  await changeFreeze(ctx, (port) => port.freeze(companyId, req.body.until, actor));
  return companyFreeze(ctx, companyId);
};

export const unfreezeMine: Handler<F['unfreezeMine']> = async (req, _reply, ctx) => {
  const { companyId, actor } = ownCompany(req);
  await changeFreeze(ctx, (port) => port.unfreeze(companyId, actor));
  return companyFreeze(ctx, companyId);
};

export const previews: Handler<R['previews']> = async (_req, _reply, ctx) => consolePreviews(ctx);

export const createPreview: Handler<R['createPreview']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  // The schema has checked it: a duration the contract reads.
  const expiresMs = parsePreviewExpires(req.body.expires)!;
  const made = await makePreview(ctx, req.body.remote, req.body.version, expiresMs, actor);
  return consolePreviews(ctx, made);
};

export const revokePreview: Handler<R['revokePreview']> = async (req, _reply, ctx) => {
  const actor = actorOf(requireAuth(req));
  await endPreview(ctx, req.params.id, actor);
  return consolePreviews(ctx);
};
