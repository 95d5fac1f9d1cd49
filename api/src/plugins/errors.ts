import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorAnswer } from '@portal/shared-contracts';
import { isDatabaseUnavailable } from '../db/client';
import { API_VERSION, API_VERSION_HEADER } from '../lib/api-version';
import { HttpError, RequestValidationError } from '../lib/http-error';

function answer(reply: FastifyReply, status: number, body: ErrorAnswer) {
  // The version header here too: an answer of the host server's not-found handler (a path outside
  // /api) runs none of the api's hooks.
  return reply.code(status).header(API_VERSION_HEADER, API_VERSION).type('application/json; charset=utf-8').send(body);
}

/**
 * Every error leaves as `{ success: false, message, errors? }`. Client mistakes say what was wrong
 * in the contract's words; server faults say nothing of the internals and are logged with the
 * request id.
 */
export function errorHandler(this: FastifyInstance, err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    if (err.headers) reply.headers(err.headers);
    return answer(reply, err.status, { success: false, message: err.message, ...(err.errors?.length ? { errors: err.errors } : {}) });
  }
  if (err instanceof RequestValidationError) {
    return answer(reply, 400, { success: false, message: err.message, errors: err.issues });
  }
  const code = (err as FastifyError).code;
  const status = (err as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return answer(reply, 413, { success: false, message: MESSAGES.common.bodyTooLarge });
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return answer(reply, 415, { success: false, message: MESSAGES.common.badRequest });
  }
  if (status === 429) return answer(reply, 429, { success: false, message: MESSAGES.common.tooManyRequests });
  if (status !== undefined && status >= 400 && status < 500) {
    // Malformed JSON, bad content length and the like: the framework's text is not for users.
    return answer(reply, status, { success: false, message: MESSAGES.common.badRequest });
  }
  if (isDatabaseUnavailable(err)) {
    // Not the caller's fault nor a bug: the pool reconnects once the server is back.
    req.log.warn({ err, reqId: req.id }, 'database unavailable');
    reply.header('retry-after', '5');
    return answer(reply, 503, { success: false, message: MESSAGES.common.databaseUnavailable });
  }
  req.log.error({ err, reqId: req.id }, 'request failed');
  return answer(reply, 500, { success: false, message: MESSAGES.common.internalError });
}

export function notFoundAnswer(_req: FastifyRequest, reply: FastifyReply) {
  return answer(reply, 404, { success: false, message: MESSAGES.common.notFound });
}

/** 405: the path exists, not for this method; `Allow` names the methods it takes (RFC 9110, 15.5.6). */
export function methodNotAllowed(reply: FastifyReply, allow: readonly string[]) {
  reply.header('allow', allow.join(', '));
  return answer(reply, 405, { success: false, message: MESSAGES.common.methodNotAllowed });
}
