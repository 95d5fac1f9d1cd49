import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const R = ENDPOINTS.releases;
const F = ENDPOINTS.releaseFreezes;

export const releasesModule = apiModule('releases', [
  implement(R.console, h.read),
  implement(R.canary, h.canary),
  implement(R.promote, h.promote),
  implement(R.rollback, h.rollback),
  implement(R.abort, h.abort),
  implement(R.previews, h.previews),
  implement(R.createPreview, h.createPreview),
  implement(R.revokePreview, h.revokePreview),
  implement(F.list, h.freezes),
  implement(F.freeze, h.freeze),
  implement(F.unfreeze, h.unfreeze),
  implement(F.mine, h.mine),
  implement(F.freezeMine, h.freezeMine),
  implement(F.unfreezeMine, h.unfreezeMine),
]);
