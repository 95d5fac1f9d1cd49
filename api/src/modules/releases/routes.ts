import { ENDPOINTS } from '@portal/shared-contracts';
import { implement, type RouteImpl } from '../../lib/route';
import * as h from './handlers';

const R = ENDPOINTS.releases;

export const releasesRoutes: RouteImpl[] = [
  implement(R.console, h.read),
  implement(R.canary, h.canary),
  implement(R.promote, h.promote),
  implement(R.rollback, h.rollback),
  implement(R.abort, h.abort),
];
