import { describe, expect, it, vi } from 'vitest';
import { ApiError, CSRF_HEADER, ENDPOINTS, MESSAGES, RELEASE_HEADER } from '@portal/shared-contracts';
import { createApiClient } from './api-client';

const USER_ID = '3f1c9a52-8b7d-4e21-9a0f-5d6c7b8a9e01';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(answer: Response) {
  const seen: Request[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push((input instanceof Request ? input : new Request(input, init)).clone());
    return answer;
  });
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    onUnauthorized,
    releaseHeader: () => 'mfe-auth@1.0.0-abc',
    fetch: fetchFn as unknown as typeof fetch,
    baseUrl: 'http://portal.test',
  });
  return { client, seen, onUnauthorized };
}

const meAnswer = {
  success: true,
  message: 'OK',
  user: { id: USER_ID, role: 'Employer', email: 'a@b.co', name: 'Ann', employerId: null, employerUserId: null, signUpState: 0, offices: null },
};

describe('api client', () => {
  it('sends the anti-CSRF and release headers with credentials and parses the answer', async () => {
    const { client, seen } = setup(json(200, meAnswer));
    const out = await client.call(ENDPOINTS.accounts.me);
    expect(out.user.name).toBe('Ann');
    expect(seen[0]!.url).toBe('http://portal.test/api/accounts/me');
    expect(seen[0]!.headers.get(CSRF_HEADER)).toBe('1');
    expect(seen[0]!.headers.get(RELEASE_HEADER)).toBe('mfe-auth@1.0.0-abc');
    expect(seen[0]!.credentials).toBe('include');
  });

  it('fills path parameters and drops undefined query values', async () => {
    const { client, seen } = setup(json(200, { items: [], totalCount: 0, pageNumber: 2, pageSize: 10, totalPages: 0, hasPreviousPage: false, hasNextPage: false }));
    await client.call(ENDPOINTS.employers.list, { query: { pageNumber: 2, pageSize: 10, search: undefined } });
    expect(seen[0]!.url).toBe('http://portal.test/api/employers?pageNumber=2&pageSize=10');
    const current = setup(json(200, { success: true, message: 'OK', id: USER_ID, userId: USER_ID, employerId: null }));
    await current.client.call(ENDPOINTS.employers.current, { params: { userId: USER_ID } });
    expect(current.seen[0]!.url).toBe(`http://portal.test/api/employers/current/${USER_ID}`);
  });

  it('sends a file as a multipart form under the endpoint\'s field, with the headers, and reads the answer', async () => {
    const sent: RequestInit[] = [];
    const client = createApiClient({
      onUnauthorized: () => {},
      releaseHeader: () => '',
      fetch: (async (_url: string, init: RequestInit) => {
        sent.push(init);
        return json(201, { success: true, message: 'Imported', count: 2 });
      }) as unknown as typeof fetch,
    });
    const file = new Blob(['firstName,lastName\nAnn,Lee\n'], { type: 'text/csv' });
    const out = await client.call(ENDPOINTS.employees.csvImport, { file } as never);
    expect(out).toMatchObject({ count: 2 });
    expect(sent[0]!.method).toBe('POST');
    expect((sent[0]!.headers as Record<string, string>)[CSRF_HEADER]).toBe('1');
    expect(await ((sent[0]!.body as FormData).get('file') as Blob).text()).toBe('firstName,lastName\nAnn,Lee\n');
  });

  it('sends a JSON body', async () => {
    const { client, seen } = setup(json(200, { success: true, message: 'Sent' }));
    await client.call(ENDPOINTS.accounts.forgotPassword, { body: { email: 'a@b.co' } } as never);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('content-type')).toMatch(/application\/json/);
    expect(await seen[0]!.json()).toMatchObject({ email: 'a@b.co' });
  });

  it('clears the session on a 401 from a call that needs one', async () => {
    const { client, onUnauthorized } = setup(json(401, { success: false, message: MESSAGES.common.unauthorized }));
    await expect(client.call(ENDPOINTS.accounts.me)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not treat the login 401 (bad credentials) as an ended session', async () => {
    const { client, onUnauthorized } = setup(json(401, { success: false, message: MESSAGES.login.failed }));
    const err = await client.call(ENDPOINTS.accounts.login, { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(MESSAGES.login.failed);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps an error answer to ApiError with its message and field errors', async () => {
    const errors = [{ field: 'email', message: 'Email is invalid.' }];
    const { client } = setup(json(400, { success: false, message: 'Some fields are not valid.', errors }));
    const err = (await client.call(ENDPOINTS.accounts.me).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe('Some fields are not valid.');
    expect(err.errors).toEqual(errors);
  });

  it('normalises a list body and an empty body', async () => {
    const list = setup(json(409, ['first', 'second']));
    await expect(list.client.call(ENDPOINTS.accounts.me)).rejects.toMatchObject({ message: 'first, second' });
    const empty = setup(new Response('', { status: 502 }));
    await expect(empty.client.call(ENDPOINTS.accounts.me)).rejects.toMatchObject({ status: 502, message: MESSAGES.common.unknownError });
  });

  it('fails a call that gets no answer in time with the generic message, and passes on an abort the caller asked for', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A server that never answers: the fetch settles only when its signal aborts.
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const client = createApiClient({ onUnauthorized: () => {}, releaseHeader: () => '', fetch: hanging as unknown as typeof fetch, timeoutMs: 20 });
    await expect(client.call(ENDPOINTS.accounts.me)).rejects.toMatchObject({ status: 0, message: MESSAGES.common.unknownError });

    const patient = createApiClient({ onUnauthorized: () => {}, releaseHeader: () => '', fetch: hanging as unknown as typeof fetch });
    const stop = new AbortController();
    const pending = patient.call(ENDPOINTS.accounts.me, undefined, { signal: stop.signal });
    stop.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    spy.mockRestore();
  });

  it('treats an answer that breaks its contract as a programming error', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = setup(json(200, { success: true, message: 'OK', user: { id: 'not-a-uuid' } }));
    await expect(client.call(ENDPOINTS.accounts.me)).rejects.toMatchObject({ status: 500, message: MESSAGES.common.unknownError });
    expect(spy).toHaveBeenCalled();
  });
});
