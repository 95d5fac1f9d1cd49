import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyEndpoint, EndpointBody, EndpointOutput, EndpointParams, EndpointQuery } from '@portal/shared-contracts';
import type { ApiContext } from '../context';

/** A request as a handler of endpoint E sees it: params, query and body already parsed by its schemas. */
export type ApiRequest<E extends AnyEndpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

export type Handler<E extends AnyEndpoint> = (
  req: ApiRequest<E>,
  reply: FastifyReply,
  ctx: ApiContext,
) => Promise<EndpointOutput<E>>;

/** One implemented endpoint: the contract says path, schemas, access and status; this says what happens. */
export interface RouteImpl {
  endpoint: AnyEndpoint;
  handler: Handler<AnyEndpoint>;
}

export function implement<E extends AnyEndpoint>(endpoint: E, handler: Handler<E>): RouteImpl {
  return { endpoint, handler: handler as unknown as Handler<AnyEndpoint> };
}
