import { MESSAGES, type FieldError } from '@portal/shared-contracts';

/** An answer `{ success: false, message, errors? }` with its status; thrown by services and handlers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = MESSAGES.common.notFound) => new HttpError(404, message);
export const unauthorized = () => new HttpError(401, MESSAGES.common.unauthorized);
export const forbidden = () => new HttpError(403, MESSAGES.common.forbidden);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, MESSAGES.common.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

/** Request data that failed its contract schema; `issues` carry the contract's messages. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: FieldError[]) {
    super(issues[0]?.message ?? MESSAGES.common.validationFailed);
    this.name = 'RequestValidationError';
  }
}
