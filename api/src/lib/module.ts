import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiContext } from '../context';
import type { RouteImpl } from './route';

export interface ApiModuleOptions {
  ctx: ApiContext;
}

/**
 * One domain module of the api (a folder of modules/), as app.ts registers every one of them: a
 * Fastify plugin that prepares what its endpoints need from the api's instance (a body parser, a
 * route outside the contract), carrying the contract endpoints it implements. The api registers
 * those itself, in the contract's order, so the OpenAPI document does not depend on the order of
 * the modules. Modules import lib/ and db/, never each other (docs/decisions/0037).
 */
export type ApiModule = FastifyPluginAsync<ApiModuleOptions> & {
  readonly moduleName: string;
  readonly routes: readonly RouteImpl[];
};

/**
 * A module as a plugin. Not encapsulated (fastify-plugin): what `setup` adds belongs to the api's
 * instance, where the endpoints are registered.
 */
export function apiModule(name: string, routes: readonly RouteImpl[], setup?: FastifyPluginAsync<ApiModuleOptions>): ApiModule {
  // A function of its own per module: fastify-plugin marks the function it is given, and the
  // module's name and endpoints are set on it.
  const prepare: FastifyPluginAsync<ApiModuleOptions> = async (fastify, options) => {
    await setup?.(fastify, options);
  };
  const plugin = fp(prepare, { name: `portal-module-${name}` });
  return Object.assign(plugin, { moduleName: name, routes });
}
