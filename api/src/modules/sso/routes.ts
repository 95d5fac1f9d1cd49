import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const S = ENDPOINTS.sso;

export const ssoModule = apiModule('sso', [
  implement(S.settings, h.settings),
  implement(S.saveSettings, h.saveSettings),
  implement(S.removeSettings, h.removeSettings),
  implement(S.addDomain, h.addDomain),
  implement(S.verifyDomain, h.verifyDomain),
  implement(S.removeDomain, h.removeDomain),
  implement(S.discover, h.discover),
  implement(S.start, h.start),
  implement(S.callback, h.callback),
  implement(S.exchange, h.exchange),
  implement(S.backchannelLogout, h.backchannelLogout),
]);
