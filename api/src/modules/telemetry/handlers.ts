import { MESSAGES, type ENDPOINTS } from '@portal/shared-contracts';
import { PREVIEW_COOKIE } from '@portal/shared-contracts/release-preview';
import type { Handler } from '../../lib/route';
import { senderAddress } from '../../lib/request-meta';
import { signedInCaller } from '../../plugins/auth';
import * as telemetry from './service';

type T = typeof ENDPOINTS.telemetry;
type R = typeof ENDPOINTS.releases;

export const ingest: Handler<T['ingest']> = async (req, _reply, ctx) => {
  // A browser in a preview link (docs/decisions/0046) runs a version nobody released: none of its
  // telemetry counts in release health, whatever its events say. The portal server sets the cookie
  // HttpOnly, so the page's script cannot drop it; a made-up one only silences its own sender.
  if (req.cookies?.[PREVIEW_COOKIE]) return { success: true, message: MESSAGES.telemetry.accepted };
  // A signed-in browser is a sender of its own (people behind one office address); anyone else is their address.
  const user = await signedInCaller(ctx, req);
  await telemetry.ingest(ctx, req.body, { address: senderAddress(req.ip), userId: user?.userId ?? null });
  return { success: true, message: MESSAGES.telemetry.accepted };
};

export const health: Handler<R['health']> = async (req, _reply, ctx) =>
  telemetry.releaseHealth(ctx, req.query.minutes, { pageNumber: req.query.pageNumber, pageSize: req.query.pageSize });
