import { CALL_HEADERS, RELEASE_HEADER } from '@portal/shared-contracts/constants';
import { SHELL_START_MESSAGES as MESSAGES, normaliseErrorBody } from '@portal/shared-contracts/messages/shell-start';
import type { FieldError } from '@portal/shared-contracts/entities';
import { buildPath, type AnyEndpoint, type EndpointInput, type EndpointOutput } from '@portal/shared-contracts/endpoint';
import { ApiError, type ApiClient, type CallOptions } from '@portal/shared-contracts/platform';
import type { RawAnswer } from './raw-answer';

/** How long a call may take before it fails as a network error would (the server's own limit is shorter). */
const TIMEOUT_MS = 60_000;

export interface ApiClientOptions {
  /** Called on a 401 from any call that needs a session (not from login, whose 401 means bad credentials). */
  onUnauthorized: () => void;
  /** Called when a call of an endpoint that ends the session (`endsSession`) has succeeded. */
  onSessionEnded?: () => void;
  /** The remote versions in force, for the server's log (e.g. `mfe-auth@1.0.0-abc;...`). */
  releaseHeader: () => string;
  /** For tests; the page's fetch otherwise. */
  fetch?: typeof fetch;
  baseUrl?: string;
  /** For tests; TIMEOUT_MS otherwise. */
  timeoutMs?: number;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

function toSearchParams(query: Query | undefined): URLSearchParams {
  const sp = new URLSearchParams();
  if (!query) return sp;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  return sp;
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is FieldError => !!e && typeof e === 'object' && typeof (e as FieldError).message === 'string');
}

/** `{ success: false, message, errors? }` (or anything else a proxy may answer) as an ApiError. */
function toApiError(status: number, body: unknown): ApiError {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as { message?: unknown; errors?: unknown }) : {};
  const message = typeof b.message === 'string' && b.message ? b.message : normaliseErrorBody(body);
  return new ApiError(status, message, fieldErrors(b.errors));
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one HTTP client of the portal (DESIGN.md section 4): cookie credentials, the anti-CSRF header
 * on every call, answers parsed with the endpoint's schema, error answers as ApiError, 401 -> login.
 * Created by `createApiClient` (./api-client) with the first call.
 */
export function createClientCore(o: ApiClientOptions): ApiClient {
  const base = o.baseUrl ?? '';
  const timeoutMs = o.timeoutMs ?? TIMEOUT_MS;

  /**
   * One fetch with the portal's credentials and a time limit. The caller's abort stays an AbortError;
   * running out of time fails like the network would (a TimeoutError, not an abort the caller asked for).
   * A small wrapper rather than an HTTP library: it is on the login page's path.
   */
  async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<RawAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await (o.fetch ?? fetch)(url, { ...init, credentials: 'include', signal: controller.signal });
      return { status: res.status, ok: res.ok, body: await readBody(res) };
    } catch (err) {
      if (timedOut) throw new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError');
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function call<E extends AnyEndpoint>(endpoint: E, input?: EndpointInput<E>, options: CallOptions = {}): Promise<EndpointOutput<E>> {
    const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown; file?: Blob };
    const qs = toSearchParams(i.query).toString();
    const url = `${base}${buildPath(endpoint.path, i.params)}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { ...CALL_HEADERS };
    const release = o.releaseHeader();
    if (release) headers[RELEASE_HEADER] = release;

    let answer: RawAnswer;
    try {
      if (endpoint.multipart) {
        // Only a signed-in page uploads: the code is fetched with the first upload.
        const { sendMultipart } = await import('./send-multipart');
        answer = await sendMultipart(url, endpoint.multipart.field, i.file, headers, options, (body) =>
          send(url, { method: endpoint.method, headers, body }, options.signal),
        );
      } else {
        const json = i.body !== undefined;
        answer = await send(
          url,
          {
            method: endpoint.method,
            headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(json ? { body: JSON.stringify(i.body) } : {}),
          },
          options.signal,
        );
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      console.error(`${endpoint.id}: request failed`, err);
      throw new ApiError(0, MESSAGES.common.unknownError);
    }

    if (!answer.ok) {
      if (answer.status === 401 && endpoint.access !== 'public') o.onUnauthorized();
      throw toApiError(answer.status, answer.body);
    }
    const parsed = endpoint.response.safeParse(answer.body);
    if (!parsed.success) {
      // The server and this build disagree on the contract: a programming error, not a user error.
      console.error(`${endpoint.id}: the answer does not match its contract`, parsed.error.issues);
      throw new ApiError(500, MESSAGES.common.unknownError);
    }
    if (endpoint.endsSession) o.onSessionEnded?.();
    return parsed.data as EndpointOutput<E>;
  }

  return { call };
}
