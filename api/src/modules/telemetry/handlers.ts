import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import type { Handler } from '../../lib/route';
import { clientMeta } from '../../lib/request-meta';
import * as telemetry from './service';

type T = typeof ENDPOINTS.telemetry;
type R = typeof ENDPOINTS.releases;

export const ingest: Handler<T['ingest']> = async (req, _reply, ctx) => {
  await telemetry.ingest(ctx, req.body, clientMeta(req));
  return { success: true, message: MESSAGES.telemetry.accepted };
};

export const health: Handler<R['health']> = async (req, _reply, ctx) => telemetry.releaseHealth(ctx, req.query.minutes);
