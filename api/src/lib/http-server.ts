import { METHODS, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';
import { API_VERSION, API_VERSION_HEADER } from './api-version';

/**
 * What the HTTP server of the api and of the portal server (which embeds or proxies it) holds a
 * client to, below the framework (docs/api.md, "Time limits"). nginx in front
 * (deploy/nginx/portal.conf) holds it to the same figures; a test keeps them in step.
 * A light module: the portal server reads it without loading the api.
 */
export const HTTP_TIMEOUTS = {
  /** The request line and headers arrive within this (Node's `headersTimeout`; nginx's `client_header_timeout`). */
  headersMs: 10_000,
  /**
   * The whole request, body included, arrives within this (Node's `requestTimeout`): a body that
   * trickles in is cut off with 408 and the connection closed. The largest body, a 2 MB CSV file,
   * needs some 35 KB/s to make it.
   */
  requestMs: 60_000,
  /** How often Node checks the two limits (its own default, 30 s, would let a request run 30 s over). */
  checkEveryMs: 1_000,
} as const;

export type HttpTimeouts = { headersMs: number; requestMs: number; checkEveryMs: number };

const COMMON = SHELL_MESSAGES.common;

/** What a request the HTTP parser or its clock refused is answered, by the error's code. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: COMMON.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', message: COMMON.headersTooLarge };
  // A method Node's parser does not know at all (FOO): which path it named is not known either.
  if (code === 'HPE_INVALID_METHOD') return { status: 501, reason: 'Not Implemented', message: COMMON.methodUnknown };
  return { status: 400, reason: 'Bad Request', message: COMMON.badRequest };
}

/** The answer as bytes: the api's one error shape, its version, and the connection closing. */
export function rawErrorAnswer(status: number, reason: string, message: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify({ success: false, message });
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `${API_VERSION_HEADER}: ${API_VERSION}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: a request refused below the framework (a body or headers that did
 * not arrive in time, headers too large, a method or request line the parser cannot read) is
 * answered in the api's error shape with its version, then the connection is closed. As Node does
 * itself, nothing is written once an answer to the request has begun on the socket.
 */
export function clientErrorAnswer(this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = refusalOf(err.code);
  this.log.info({ code: err.code, status }, 'request refused before routing');
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) socket.write(rawErrorAnswer(status, reason, message));
  socket.destroy(err);
}

/**
 * CONNECT asks to open a tunnel, which no address of ours does. Node hands it to `connect`
 * listeners, outside the router, and drops the socket when there are none: answered here instead.
 */
export function refuseTunnels(server: Server): void {
  server.on('connect', (_req, socket: Socket) => {
    if (socket.writable) socket.end(rawErrorAnswer(405, 'Method Not Allowed', COMMON.methodNotAllowed, { allow: '' }));
    else socket.destroy();
  });
}

/** The Fastify options that set the limits and the answer to what is refused below the framework. */
export function httpServerOptions(t: HttpTimeouts = HTTP_TIMEOUTS): Pick<FastifyServerOptions, 'requestTimeout' | 'clientErrorHandler'> & { http: ServerOptions } {
  return {
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkEveryMs },
    clientErrorHandler: clientErrorAnswer,
  };
}

/**
 * Lets every method Node's parser reads reach the router (it knows nine unless told), so that TRACE,
 * PROPFIND and the like are answered by a route of ours (the api's 405 or 404), not the framework's
 * bare 404. CONNECT never reaches the router (`refuseTunnels`).
 */
export function acceptEveryMethod(fastify: FastifyInstance): void {
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !fastify.supportedMethods.includes(method)) fastify.addHttpMethod(method);
  }
}
