import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type HTTPMethods } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  RELEASE_HEADER,
  allEndpoints,
  closedToOfficeAdmins,
  restrictedAfterTrial,
  producedTypes,
  toRouterPath,
  type AnyEndpoint,
} from '@portal/shared-contracts';
import type { ApiContext } from './context';
import { HttpError } from './lib/http-error';
import { acceptEveryMethod, httpServerOptions, refuseTunnels } from './lib/http-server';
import { trustedProxies } from './lib/request-meta';
import type { ApiModule } from './lib/module';
import type { RouteImpl } from './lib/route';
import { accountsModule } from './modules/accounts/routes';
import { adminsModule } from './modules/admins/routes';
import { auditModule } from './modules/audit/routes';
import { billingModule } from './modules/billing/routes';
import { dataRightsModule } from './modules/data-rights/routes';
import { devModule } from './modules/dev/routes';
import { driversModule } from './modules/drivers/routes';
import { employeesModule } from './modules/employees/routes';
import { employersModule } from './modules/employers/routes';
import { feedbackModule } from './modules/feedback/routes';
import { healthModule } from './modules/health/routes';
import { insightsModule } from './modules/insights/routes';
import { journeyGroupsModule } from './modules/journey-groups/routes';
import { mailModule } from './modules/mail/routes';
import { monthlyReportsModule } from './modules/monthly-reports/routes';
import { releasesModule } from './modules/releases/routes';
import type { ReleaseConsolePort } from './modules/releases/port';
import { schemeModule } from './modules/scheme/routes';
import { scimModule } from './modules/scim/routes';
import { ssoModule } from './modules/sso/routes';
import { reportsModule } from './modules/reports/routes';
import { supportModule } from './modules/support/routes';
import { telemetryModule } from './modules/telemetry/routes';
import { tripsModule } from './modules/trips/routes';
import { usersModule } from './modules/users/routes';
import { vehiclesModule } from './modules/vehicles/routes';
import { addApiVersionHeader, openapiOptions } from './openapi/document';
import { authenticate } from './plugins/auth';
import { errorHandler, methodNotAllowed, notFoundAnswer } from './plugins/errors';
import { FAST_SERIALIZED, fastSerializerCompiler } from './plugins/fast-serializer';
import { overloadGuard, type OverloadLimits } from './plugins/overload';
import { rejectNulCharacters } from './plugins/text-guard';
import { zodValidatorCompiler } from './plugins/validation';

/** JSON bodies; the CSV import brings its own (larger) limit from the contract. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const DOCS_PATH = '/api/docs';
/** Longer than any path of the api's routes, with its ids at their longest. */
const MAX_ROUTED_PATH = 512;

/**
 * Every domain module, each registered the same way (a plugin carrying its endpoints: lib/module.ts).
 * A new module is added here.
 */
export const API_MODULES: readonly ApiModule[] = [
  accountsModule,
  adminsModule,
  employersModule,
  employeesModule,
  insightsModule,
  tripsModule,
  feedbackModule,
  journeyGroupsModule,
  usersModule,
  driversModule,
  vehiclesModule,
  billingModule,
  auditModule,
  mailModule,
  schemeModule,
  supportModule,
  telemetryModule,
  releasesModule,
  healthModule,
  ssoModule,
  reportsModule,
  scimModule,
  dataRightsModule,
  monthlyReportsModule,
  devModule,
];

/** Every implemented endpoint, from the modules. */
export const ROUTE_IMPLEMENTATIONS: RouteImpl[] = API_MODULES.flatMap((module) => module.routes);

export interface ApiPluginOptions {
  ctx: ApiContext;
  /** When the api answers 503 instead of queueing (defaults: `OVERLOAD_LIMITS`). */
  overload?: Partial<OverloadLimits>;
  /** The release console's store actions, given by the process that owns the release store (docs/decisions/0020). */
  releaseConsole?: ReleaseConsolePort;
}

function titleCase(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function registerEndpoint(fastify: FastifyInstance, ctx: ApiContext, ep: AnyEndpoint, impl: RouteImpl | undefined) {
  const status = ep.status ?? 200;
  const types = producedTypes(ep);
  fastify.route({
    method: ep.method,
    url: toRouterPath(ep.path),
    bodyLimit: ep.multipart ? ep.multipart.maxBytes + 64 * 1024 : (ep.maxBodyBytes ?? JSON_BODY_LIMIT),
    schema: {
      operationId: ep.id,
      summary: ep.summary,
      tags: [...ep.tags],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      // A download (CSV) is described under its own media type; its text is sent as it is.
      // A redirect's answer is described by the document (openapi/document.ts): `Location`, no body.
      response: { [status]: types.length > 0 ? { content: Object.fromEntries(types.map((t) => [t, { schema: ep.response }])) } : ep.response },
    },
    // The most requested answers skip the zod encode (plugins/fast-serializer.ts).
    ...(FAST_SERIALIZED.has(ep.id) && !ep.produces ? { serializerCompiler: fastSerializerCompiler } : {}),
    onRequest: authenticate(ctx, ep.access, restrictedAfterTrial(ep), closedToOfficeAdmins(ep)),
    handler: impl
      ? async (req, reply) => {
          // Services log through the request's logger, so their lines carry the request id.
          const out = await impl.handler(req as never, reply, { ...ctx, log: req.log });
          // A redirect (an OpenID provider's callback) sends the browser on, with no body.
          if (ep.redirect) return reply.redirect((out as { location: string }).location, status);
          // A PDF's handler answers its bytes base64-encoded (the contract's response is text): sent as bytes.
          // Where the contract lists several types, the handler has set the one it answers.
          const chosen = types.length > 1 ? types.find((t) => String(reply.getHeader('content-type') ?? '').startsWith(t)) ?? types[0] : types[0];
          if (chosen === 'application/pdf') return reply.code(status).type(chosen).send(Buffer.from(out as string, 'base64'));
          if (chosen) reply.type(`${chosen}; charset=utf-8`);
          return reply.code(status).send(out);
        }
      : async () => {
          // Declared in the contract, not served by this build yet: say so plainly.
          throw new HttpError(501, MESSAGES.common.featureUnavailable(titleCase(ep.tags[0] ?? ep.id)));
        },
  });
}

/**
 * The whole api as one encapsulated plugin: routes at their full `/api/...` paths with their own
 * validation, serializers, parsers, error and 404 answers. The portal server registers it next to
 * its static files; `createApp` wraps it for a standalone process and tests.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (fastify, { ctx: given, overload, releaseConsole }) => {
  const ctx: ApiContext = releaseConsole ? { ...given, releaseConsole } : given;
  fastify.setValidatorCompiler(zodValidatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler(errorHandler);
  await fastify.register(overloadGuard, overload ?? {});
  fastify.addHook('preValidation', rejectNulCharacters);
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(cookie);
  if (!fastify.hasRequestDecorator('auth')) fastify.decorateRequest('auth', null);
  // What each module needs from this instance (the CSV import's multipart parser, the dev outbox), before any endpoint.
  for (const module of API_MODULES) await fastify.register(module, { ctx });

  // An empty JSON body (e.g. a bodiless POST sent with a JSON content type) is no body, not an error.
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(req, text, done);
  });

  // A form-encoded body only where a standard prescribes one (a provider's back-channel logout, a mail
  // client's one-click unsubscribe of RFC 8058); every other endpoint answers it 415 as before.
  const formEndpoints = new Set(['sso.backchannelLogout', 'monthlyReports.unsubscribe']);
  const formPaths = new Set(allEndpoints().filter((ep) => formEndpoints.has(ep.id)).map((ep) => toRouterPath(ep.path)));
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!formPaths.has(req.routeOptions.url ?? '')) {
      return done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  // Which remote versions a call came from, on every log line of the request.
  fastify.addHook('onRequest', async (req, reply) => {
    const release = req.headers[RELEASE_HEADER];
    if (typeof release === 'string' && release) {
      req.log = req.log.child({ release: release.slice(0, 500) });
      reply.log = req.log;
    }
  });

  await fastify.register(swagger, openapiOptions(ctx.config, allEndpoints(), new Set(ROUTE_IMPLEMENTATIONS.map((r) => r.endpoint.id))));
  addApiVersionHeader(fastify, allEndpoints());
  await fastify.register(swaggerUi, { routePrefix: DOCS_PATH });

  const impls = new Map(ROUTE_IMPLEMENTATIONS.map((r) => [r.endpoint.id, r]));
  for (const ep of allEndpoints()) registerEndpoint(fastify, ctx, ep, impls.get(ep.id));

  // Unknown /api paths answer 404 here, and a method a path does not take 405 naming those it does;
  // other paths belong to the host server. Every method Node's parser reads reaches this route (the
  // router knows only nine unless told), so TRACE, PROPFIND and the like answer the api's one error
  // shape with its version too.
  acceptEveryMethod(fastify);
  const unknownRoute = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = req.url.split('?')[0] ?? '';
    // No route of the api is this long (ids are uuids): asking the router once a method for a path
    // of hundreds of kilobytes took longer than the whole answer may.
    if (path.length > MAX_ROUTED_PATH) return notFoundAnswer(req, reply);
    // A method's route for the path, unless it is this one (`/api`, or `/api/*` holding all the rest).
    const allow = fastify.supportedMethods.filter((method) => {
      const found = fastify.findRoute({ method: method as HTTPMethods, url: path });
      if (!found || path === '/api') return false;
      const rest = (found.params as Record<string, string | undefined>)['*'];
      return rest === undefined || rest !== (req.params as Record<string, string | undefined>)['*'];
    });
    return allow.length ? methodNotAllowed(reply, allow) : notFoundAnswer(req, reply);
  };
  const methods = fastify.supportedMethods.filter((m) => m !== 'HEAD') as HTTPMethods[];
  fastify.route({ method: methods, url: '/api', schema: { hide: true }, handler: unknownRoute });
  fastify.route({ method: methods, url: '/api/*', schema: { hide: true }, handler: unknownRoute });
};

/** Logger settings that put the release header on the "incoming request" line; the portal server may reuse them. */
export function apiLoggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(req: FastifyRequest) {
        const release = req.headers[RELEASE_HEADER];
        return {
          method: req.method,
          url: req.url,
          host: req.host,
          remoteAddress: req.ip,
          ...(typeof release === 'string' && release ? { release: release.slice(0, 500) } : {}),
        };
      },
    },
  };
}

export function fastifyOptions(ctx: ApiContext): FastifyServerOptions {
  return {
    logger: ctx.config.logLevel === 'silent' ? false : apiLoggerOptions(ctx.config.logLevel),
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(ctx.config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // A malformed or overlong URL is refused before routing; it answers the api's one error shape too.
    frameworkErrors: (err, req, reply) => errorHandler.call(reply.server, err, req, reply),
    // Headers and body arrive in time or the request is cut off (408); what the HTTP parser refuses
    // answers the one error shape as well (lib/http-server.ts).
    ...httpServerOptions(),
  };
}

/** A standalone Fastify instance serving only the api (server.ts, tests). */
export async function createApp(
  ctx: ApiContext,
  options: FastifyServerOptions = {},
  plugin: Pick<ApiPluginOptions, 'overload'> = {},
): Promise<FastifyInstance> {
  const app = Fastify({ ...fastifyOptions(ctx), ...options });
  refuseTunnels(app.server);
  await app.register(apiPlugin, { ctx, ...plugin });
  app.setNotFoundHandler(notFoundAnswer);
  app.setErrorHandler(errorHandler);
  await app.ready();
  return app;
}
