import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared-contracts';

/** SCIM's media type (RFC 7644, 3.1), in and out. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType`s of RFC 7644, 3.12, that this service answers. */
export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue';

/** A refusal in SCIM's error format: `{ schemas, status, scimType?, detail }`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

export function sendScimError(reply: FastifyReply, err: ScimError) {
  if (err.headers) reply.headers(err.headers);
  return reply
    .code(err.status)
    .type(`${SCIM_MEDIA_TYPE}; charset=utf-8`)
    .send({ schemas: [ERROR_SCHEMA], status: String(err.status), ...(err.scimType ? { scimType: err.scimType } : {}), detail: err.detail });
}

/** Every error of the SCIM routes leaves in SCIM's format; a server fault says nothing of its internals. */
export function scimErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ScimError) return sendScimError(reply, err);
  const M = MESSAGES.scim;
  const code = (err as FastifyError).code;
  const status = (err as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return sendScimError(reply, new ScimError(413, M.bodyTooLarge));
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return sendScimError(reply, new ScimError(415, M.mediaType));
  if (status === 503) return sendScimError(reply, new ScimError(503, MESSAGES.common.databaseUnavailable, undefined, { 'retry-after': '5' }));
  if (status !== undefined && status >= 400 && status < 500) return sendScimError(reply, new ScimError(400, M.badJson, 'invalidSyntax'));
  req.log.error({ err, reqId: req.id }, 'scim request failed');
  return sendScimError(reply, new ScimError(500, M.internalError));
}
