import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { idSchema, isoDateTime, okSchema } from '../entities/session';
import { scimTokenBodySchema } from '../forms/scim';
import { idParams } from './shared';

// SCIM provisioning's tokens, which the employer manages (docs/decisions/0039-scim-provisioning.md).
// The SCIM protocol itself (`/scim/v2/...`) is not in this table: it answers SCIM's own error format
// and media type, and is documented in docs/api.md.

export const scimTokenSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: z.nullable(isoDateTime),
}));
export type ScimToken = z.infer<typeof scimTokenSchema>;

const EMPLOYER_SIDE = ['Employer', 'Admin'] as const;

export const scim = lazyGroup(() => ({
  listTokens: defineEndpoint({
    id: 'scim.listTokens',
    method: 'GET',
    path: '/api/scim/tokens',
    summary: "The caller's company SCIM tokens (never the tokens themselves) and the base URL to give the provider",
    access: EMPLOYER_SIDE,
    response: z.extend(okSchema, { baseUrl: z.string(), tokens: z.array(scimTokenSchema) }),
    tags: ['scim'],
  }),
  createToken: defineEndpoint({
    id: 'scim.createToken',
    method: 'POST',
    path: '/api/scim/tokens',
    summary: 'Create a SCIM bearer token; the token is answered this once and stored only as its SHA-256 hash',
    access: EMPLOYER_SIDE,
    body: scimTokenBodySchema,
    response: z.extend(okSchema, { id: idSchema, name: z.string(), token: z.string() }),
    status: 201,
    errors: [409],
    tags: ['scim'],
  }),
  revokeToken: defineEndpoint({
    id: 'scim.revokeToken',
    method: 'DELETE',
    path: '/api/scim/tokens/{id}',
    summary: 'Revoke a SCIM token: it fails at once, on every api instance',
    access: EMPLOYER_SIDE,
    params: idParams,
    response: okSchema,
    errors: [404],
    tags: ['scim'],
  }),
}));
