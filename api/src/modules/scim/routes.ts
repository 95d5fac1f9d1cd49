import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';
import { scimProtocol } from './protocol';

const S = ENDPOINTS.scim;

/** SCIM provisioning: the employer's tokens (contract endpoints) and the protocol at /scim/v2 (protocol.ts). */
export const scimModule = apiModule(
  'scim',
  [implement(S.listTokens, h.listTokens), implement(S.createToken, h.createToken), implement(S.revokeToken, h.revokeToken)],
  async (fastify, { ctx }) => {
    await scimProtocol(fastify, { ctx });
  },
);
