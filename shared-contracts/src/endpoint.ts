import type { z } from 'zod/mini';
import type { Role } from '@portal/shared-contracts/constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Media types of downloads: CSV exports (text) and invoice PDFs (bytes). */
export type Produces = 'text/csv' | 'application/pdf';

/**
 * Who may call an endpoint: `public` (no session), `session` (any signed-in user),
 * or the list of roles allowed. The server enforces tenancy on top of this.
 */
export type Access = 'public' | 'optional' | 'session' | readonly Role[];

export interface Endpoint<
  P extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Stable name, used for OpenAPI operation ids and query keys. */
  id: string;
  method: HttpMethod;
  /** Path under the site origin, always starting with `/api/`, with `{param}` placeholders. */
  path: string;
  summary: string;
  access: Access;
  params: P;
  query: Q;
  /** `multipart` bodies (CSV import) are described by `multipart` instead. */
  body: B;
  multipart?: { field: string; maxBytes: number; mimeTypes: readonly string[] };
  /**
   * The answer is a file of this type (a download), not JSON; `response` then describes its content.
   * A list: the handler picks the type of each answer (a report as PDF or CSV), the first by default.
   */
  produces?: Produces | readonly Produces[];
  response: R;
  /** Status of a successful answer (202: taken in, nothing to answer, e.g. telemetry; 303: `redirect`). */
  status?: 200 | 201 | 202 | 303;
  /**
   * The answer is a redirect (303 with `Location`, no body): a browser is sent on, as an OpenID
   * provider's callback must. The handler returns `{ location }`, described by `response`.
   */
  redirect?: true;
  /** A JSON body's size limit in bytes, when smaller than the api's default (1 MiB). */
  maxBodyBytes?: number;
  /**
   * Error statuses beyond those the endpoint's shape implies (the OpenAPI document derives 400 from its
   * inputs, 401/403 from `access`, 404 from path ids, 413/415 from a body): e.g. 409 for a conflict,
   * 429 for a rate limit, 404 for a record the caller's session names.
   */
  errors?: readonly ExtraErrorStatus[];
  /**
   * A removal announced (docs/api.md): ISO dates of the announcement and of the removal. The document
   * marks the operation deprecated; its answers carry `Deprecation` and `Sunset` headers.
   */
  deprecated?: { since: string; sunset: string };
  /**
   * A success ends the caller's session on the server (a password change ends every session of the
   * user). The page that called it leads the user to sign out, so a 401 that other calls of that page
   * get meanwhile is expected, not a session that ran out.
   */
  endsSession?: true;
  tags: readonly string[];
}

/** Error statuses an endpoint declares itself (`Endpoint.errors`). */
export type ExtraErrorStatus = 400 | 403 | 404 | 409 | 413 | 429;

export type AnyEndpoint = Endpoint<z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType>;

type In<T> = T extends z.ZodMiniType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

type Maybe<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a client passes to call an endpoint. */
export type EndpointInput<E extends AnyEndpoint> = Maybe<'params', In<E['params']>> &
  Maybe<'query', In<E['query']>> &
  Maybe<'body', In<E['body']>> & {
    /** The multipart file (CSV import). `multipart` is optional on `Endpoint`, so the type cannot tell which endpoints take one. */
    file?: Blob;
  };

/** What a client gets back (already parsed by the response schema). */
export type EndpointOutput<E extends AnyEndpoint> = z.output<E['response']>;
export type EndpointParams<E extends AnyEndpoint> = Out<E['params']>;
export type EndpointQuery<E extends AnyEndpoint> = Out<E['query']>;
export type EndpointBody<E extends AnyEndpoint> = Out<E['body']>;

export function defineEndpoint<
  P extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
>(e: {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  multipart?: { field: string; maxBytes: number; mimeTypes: readonly string[] };
  produces?: Produces | readonly Produces[];
  response: R;
  status?: 200 | 201 | 202 | 303;
  redirect?: true;
  maxBodyBytes?: number;
  errors?: readonly ExtraErrorStatus[];
  deprecated?: { since: string; sunset: string };
  endsSession?: true;
  tags: readonly string[];
}): Endpoint<P, Q, B, R> {
  return { params: undefined as P, query: undefined as Q, body: undefined as B, ...e } as Endpoint<P, Q, B, R>;
}

/** The media types an endpoint's downloads come in, the default first (none: a JSON answer). */
export function producedTypes(e: Pick<AnyEndpoint, 'produces'>): readonly Produces[] {
  if (e.produces === undefined) return [];
  return typeof e.produces === 'string' ? [e.produces] : e.produces;
}

/** `/api/employers/{id}` -> `/api/employers/:id` (Fastify's syntax). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, URL-encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${k}" for ${path}`);
    return encodeURIComponent(String(v));
  });
}
