import { restrictedAfterTrial, type AnyEndpoint } from '@portal/shared-contracts';

/**
 * The error statuses an operation can answer, derived from its contract rather than written per
 * route: its inputs give 400, its access 401/403, its path ids 404 (414 when overlong), a request body 413/415, and
 * `Endpoint.errors` adds what the shape cannot tell (a conflict, a rate limit). Every operation can
 * also be turned away while the server is overloaded (503) or fail on the server (500).
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500 | 501 | 503;

/** The component under `#/components/responses` that describes each status. */
export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; retryAfter?: true }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request does not meet the contract (a missing or invalid field, a malformed body, a NUL character) or the action is not possible in the current state; `errors` names each field with its message.',
  },
  402: {
    name: 'PaymentRequired',
    description:
      "The caller's company ended its free trial without starting the subscription and its grace period is over: its data is read-only until an administrator starts the subscription (`POST /api/payment-billing/start`).",
  },
  401: { name: 'Unauthorized', description: 'No session, or the session has ended (signed out, password changed, account deactivated or removed): sign in again.' },
  403: {
    name: 'Forbidden',
    description:
      "The caller's role may not do this, or a cookie-authenticated state-changing call came without the `x-portal-request` header.",
  },
  404: { name: 'NotFound', description: 'No such record for this caller: records of another company answer exactly like records that do not exist.' },
  409: { name: 'Conflict', description: 'The request conflicts with stored data (a name or key already used, a state that has already moved on).' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the endpoint accepts (1 MiB for JSON; the CSV import states its own limit).' },
  414: { name: 'UriTooLong', description: 'A path id is longer than any id can be.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a media type the endpoint accepts (JSON, or multipart for the CSV import).' },
  429: { name: 'TooManyRequests', description: 'Too many attempts: wait the number of seconds in `Retry-After` before trying again.', retryAfter: true },
  500: { name: 'InternalError', description: 'The server failed; the answer says nothing of the cause, which is logged with the request id.' },
  501: { name: 'NotImplemented', description: 'Declared in the contract, not served by this build yet.' },
  503: { name: 'Unavailable', description: 'The server is overloaded and turned the request away at once: retry after `Retry-After` seconds.', retryAfter: true },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);

export function errorStatuses(ep: AnyEndpoint, implemented: boolean): ErrorStatus[] {
  const out = new Set<ErrorStatus>();
  const changes = STATE_CHANGING.has(ep.method);
  // A body of the wrong shape, or malformed JSON on any state-changing call, is a 400.
  if (ep.params || ep.query || ep.body || ep.multipart || changes) out.add(400);
  if (ep.access !== 'public' && ep.access !== 'optional') out.add(401);
  // A role list refuses the other roles; a cookie session refuses a state-changing call without the request header.
  if (Array.isArray(ep.access) || (ep.access !== 'public' && changes)) out.add(403);
  if (restrictedAfterTrial(ep)) out.add(402);
  if (ep.params) {
    out.add(404);
    out.add(414);
  }
  if (changes) {
    out.add(413);
    out.add(415);
  }
  for (const s of ep.errors ?? []) out.add(s);
  if (!implemented) out.add(501);
  out.add(500);
  out.add(503);
  return [...out].sort((a, b) => a - b);
}
