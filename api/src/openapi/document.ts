import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE, SESSION_COOKIE_INSECURE, errorAnswerSchema, type AnyEndpoint } from '@portal/shared-contracts';
import type { ApiConfig } from '../env';
import { API_VERSION, API_VERSION_HEADER } from '../lib/api-version';
import { OPERATION_DESCRIPTIONS } from './descriptions';
import { ERROR_RESPONSES, errorStatuses } from './statuses';

export { API_VERSION, API_VERSION_HEADER };

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; responses?: Record<string, Json> };

const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

function securityOf(ep: AnyEndpoint): Record<string, string[]>[] {
  if (ep.access === 'public') return [];
  const signedIn: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
  // `{}` first: the call also works without a session (e.g. logout of an ended session).
  return ep.access === 'optional' ? [{}, ...signedIn] : signedIn;
}

function versionHeader() {
  return { [API_VERSION_HEADER]: { $ref: '#/components/headers/ApiVersion' } };
}

function components(config: ApiConfig) {
  const errorSchema = z.toJSONSchema(errorAnswerSchema, { target: 'openapi-3.0' }) as Json;
  delete errorSchema.$schema;
  const responses: Record<string, Json> = {};
  for (const r of Object.values(ERROR_RESPONSES)) {
    responses[r.name] = {
      description: r.description,
      headers: { ...versionHeader(), ...(r.retryAfter ? { 'retry-after': { $ref: '#/components/headers/RetryAfter' } } : {}) },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    };
  }
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'The `token` of the login or registration answer, sent as `Authorization: Bearer <token>`. The way for clients other than the portal (the mobile app).',
      },
      cookie: {
        type: 'apiKey',
        in: 'cookie',
        name: config.cookieSecure ? SESSION_COOKIE : SESSION_COOKIE_INSECURE,
        description: `The portal's HttpOnly session cookie, set by login and registration. A cookie-authenticated POST, PUT or DELETE must also send the \`${CSRF_HEADER}\` header (any value), which a cross-site form cannot send; without it the answer is 403.`,
      },
    },
    schemas: { ErrorAnswer: errorSchema },
    responses,
    headers: {
      ApiVersion: { description: 'The version of this api (the document\'s `info.version`).', schema: { type: 'string', example: API_VERSION } },
      RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
    },
  };
}

/** Fills each operation from its contract: security, success description, and the error answers. */
function completeOperations(doc: Json, endpoints: Map<string, AnyEndpoint>, implemented: Set<string>): void {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const ep = endpoints.get(op.operationId);
      if (!ep) continue;
      op.security = securityOf(ep);
      const description = OPERATION_DESCRIPTIONS[ep.id];
      if (description) op.description = description;
      if (ep.deprecated) {
        op.deprecated = true;
        const notice = `Deprecated since ${ep.deprecated.since}; removed on ${ep.deprecated.sunset}.`;
        op.description = description ? `${notice}\n\n${description}` : notice;
      }
      const responses = op.responses ?? {};
      if (ep.redirect) {
        // The handler's `{ location }` is sent as the header, with no body.
        responses[String(ep.status ?? 303)] = {
          description: 'See Other: the browser is sent on to the address in `Location`.',
          headers: { location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
        };
      }
      for (const [status, res] of Object.entries(responses)) {
        if (res.description === 'Default Response') res.description = SUCCESS[status] ?? 'OK';
        res.headers = { ...(res.headers as Json | undefined), ...versionHeader() };
      }
      for (const s of errorStatuses(ep, implemented.has(ep.id))) {
        responses[String(s)] = { $ref: `#/components/responses/${ERROR_RESPONSES[s].name}` };
      }
      op.responses = responses;
    }
  }
}

/** Statuses no operation answers (e.g. 501 once everything is served) leave no component behind. */
function dropUnusedResponses(doc: Json): void {
  const text = JSON.stringify(doc.paths ?? {});
  const responses = (doc.components as { responses?: Record<string, Json> } | undefined)?.responses ?? {};
  for (const name of Object.keys(responses)) {
    if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name];
  }
}

/**
 * @fastify/swagger's options for the api: the zod contracts become the schemas, then every
 * operation is completed from its endpoint; servers, contact and licence come from configuration.
 */
export function openapiOptions(config: ApiConfig, endpoints: readonly AnyEndpoint[], implemented: ReadonlySet<string>): SwaggerOptions {
  const byId = new Map(endpoints.map((ep) => [ep.id, ep]));
  const implementedIds = new Set(implemented);
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Commute Portal API',
        version: API_VERSION,
        description:
          'The portal\'s api and the mobile app\'s server, generated from @portal/shared-contracts. Authenticate with `Authorization: Bearer <token>` (login answer) or the session cookie. Every error answers `{ success: false, message, errors? }`. Within a major version the api only adds; see docs/api.md for paging, errors, rate limits and the compatibility promise.',
        contact: { name: 'Commute Portal', url: config.publicUrl },
        license: { name: 'Proprietary: for clients of this portal only', url: config.publicUrl },
      },
      servers: [{ url: config.publicUrl, description: 'This deployment (PUBLIC_URL); every path starts with /api' }],
      components: components(config) as never,
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: ({ openapiObject }: { openapiObject: unknown }) => {
      const doc = openapiObject as Json;
      completeOperations(doc, byId, implementedIds);
      dropUnusedResponses(doc);
      return doc as never;
    },
  } as SwaggerOptions;
}

/** `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) of an operation whose removal is announced. */
export function deprecationHeaders(ep: AnyEndpoint): Record<string, string> {
  if (!ep.deprecated) return {};
  const since = Math.floor(Date.parse(ep.deprecated.since) / 1000);
  return { deprecation: `@${since}`, sunset: new Date(ep.deprecated.sunset).toUTCString() };
}

/** Every answer of the api says which version answered it; an operation being removed says when. */
export function addApiVersionHeader(fastify: FastifyInstance, endpoints: readonly AnyEndpoint[]): void {
  const deprecated = new Map(endpoints.filter((ep) => ep.deprecated).map((ep) => [ep.id, deprecationHeaders(ep)]));
  fastify.addHook('onSend', async (req, reply) => {
    reply.header(API_VERSION_HEADER, API_VERSION);
    const id = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    const headers = id ? deprecated.get(id) : undefined;
    if (headers) reply.headers(headers);
  });
}
