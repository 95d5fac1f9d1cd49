import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { MESSAGES, SCIM_BASE_PATH, SCIM_LIMITS } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { clientMeta } from '../../lib/request-meta';
import { ENTERPRISE_SCHEMA, USER_SCHEMA, listOf, schemas, serviceProviderConfig, userResourceType } from './discovery';
import { SCIM_MEDIA_TYPE, ScimError, scimErrorHandler, sendScimError } from './errors';
import { authenticateScim, scimBaseUrl, type ScimCaller } from './tokens';
import * as users from './users';

const M = MESSAGES.scim;

declare module 'fastify' {
  interface FastifyRequest {
    scim: ScimCaller | null;
  }
}

const send = (reply: FastifyReply, body: unknown, status = 200) => reply.code(status).type(`${SCIM_MEDIA_TYPE}; charset=utf-8`).header('cache-control', 'no-store').send(body);

/** A whole number of a list's query (`startIndex`, `count`); anything else is refused, not guessed. */
function queryNumber(value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || value.length > 9 || !/^-?\d+$/.test(value)) throw new ScimError(400, M.pagingInvalid, 'invalidValue');
  return Number(value);
}

type Query = Record<string, string | string[] | undefined>;
const one = (q: Query, name: string): string | undefined => {
  const v = q[name];
  if (Array.isArray(v)) throw new ScimError(400, M.queryTooLong, 'invalidValue');
  return v;
};

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2, outside /api: its own media type, error format and bearer
 * tokens (no cookie, no CSRF), in a scope of its own so that none of the api's answers change.
 */
export async function scimProtocol(root: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  await root.register(
    async (scope) => {
      scope.decorateRequest('scim', null);
      // Documented in docs/api.md, not in the OpenAPI document (docs/decisions/0039): SCIM's own
      // schemas (RFC 7643) are what providers read, not the api's answer envelope.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      scope.setErrorHandler(scimErrorHandler);
      // Bodies as SCIM sends them (and plain JSON, which some clients send); a body that is not
      // JSON answers SCIM's invalidSyntax.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser([SCIM_MEDIA_TYPE, 'application/json'], { parseAs: 'string', bodyLimit: SCIM_LIMITS.bodyMax }, (_req, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new ScimError(400, M.badJson, 'invalidSyntax'), undefined);
        }
      });
      scope.addHook('onRequest', async (req) => {
        req.scim = await authenticateScim(ctx, req.headers.authorization, clientMeta(req));
      });
      const caller = (req: FastifyRequest) => req.scim!;
      const base = scimBaseUrl(ctx);
      type IdReq = FastifyRequest<{ Params: { id: string } }>;

      scope.get('/ServiceProviderConfig', async (_req, reply) => send(reply, serviceProviderConfig(base)));
      scope.get('/ResourceTypes', async (_req, reply) => send(reply, listOf([userResourceType(base)], 1, 1)));
      scope.get('/ResourceTypes/User', async (_req, reply) => send(reply, userResourceType(base)));
      scope.get('/Schemas', async (_req, reply) => send(reply, listOf(schemas(base), 2, 1)));
      scope.get('/Schemas/:id', async (req: IdReq, reply) => {
        const found = schemas(base).find((s) => s.id === req.params.id);
        if (!found) throw new ScimError(404, M.notFound);
        return send(reply, found);
      });

      scope.get('/Users', async (req, reply) => {
        const q = req.query as Query;
        if (one(q, 'sortBy')) throw new ScimError(400, M.sortUnsupported, 'invalidValue');
        const startIndex = Math.max(1, queryNumber(one(q, 'startIndex'), 1));
        const count = Math.min(SCIM_LIMITS.maxPageSize, Math.max(0, queryNumber(one(q, 'count'), SCIM_LIMITS.pageSize)));
        return send(reply, await users.listUsers(ctx, caller(req), { filter: one(q, 'filter'), startIndex, count }, base));
      });
      scope.post('/Users', async (req, reply) => {
        const created = await users.createUser(ctx, caller(req), req.body, base);
        reply.header('location', created.meta.location);
        return send(reply, created, 201);
      });
      scope.get('/Users/:id', async (req: IdReq, reply) => send(reply, await users.getUser(ctx, caller(req), req.params.id, base)));
      scope.put('/Users/:id', async (req: IdReq, reply) => send(reply, await users.replaceUser(ctx, caller(req), req.params.id, req.body, base)));
      scope.patch('/Users/:id', async (req: IdReq, reply) => send(reply, await users.patchUser(ctx, caller(req), req.params.id, req.body, base)));
      scope.delete('/Users/:id', async (req: IdReq, reply) => {
        await users.deleteUser(ctx, caller(req), req.params.id);
        return reply.code(204).send();
      });

      // Anything else under the base: 405 naming the methods of a known path, else 404, both SCIM's.
      const methods = scope.supportedMethods.filter((m) => m !== 'HEAD') as HTTPMethods[];
      const other = async (req: FastifyRequest, reply: FastifyReply) => {
        const path = (req.url.split('?')[0] ?? '').slice(0, 512);
        const allow = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => {
          const found = scope.findRoute({ method: method as HTTPMethods, url: path });
          // Not the catch-all routes below: only a path of an operation names its methods.
          return found !== null && (found.params as Record<string, string | undefined>)['*'] === undefined && path !== SCIM_BASE_PATH;
        });
        if (allow.length) {
          reply.header('allow', allow.join(', '));
          return sendScimError(reply, new ScimError(405, M.methodNotAllowed));
        }
        return sendScimError(reply, new ScimError(404, M.notFound));
      };
      scope.route({ method: methods, url: '', handler: other });
      scope.route({ method: methods, url: '/*', handler: other });
    },
    { prefix: SCIM_BASE_PATH },
  );
}

/** The schema URNs a provider may name, for the tests. */
export const SCIM_SCHEMAS = { USER_SCHEMA, ENTERPRISE_SCHEMA };
