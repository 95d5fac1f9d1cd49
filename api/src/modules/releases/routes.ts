import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const R = ENDPOINTS.releases;

export const releasesModule = apiModule('releases', [
  implement(R.console, h.read),
  implement(R.canary, h.canary),
  implement(R.promote, h.promote),
  implement(R.rollback, h.rollback),
  implement(R.abort, h.abort),
]);
