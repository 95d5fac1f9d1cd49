import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, SESSION_CHECK_PATH } from '@portal/shared-contracts/constants';
import { sessionEndpoints } from '@portal/shared-contracts/endpoints/session';
import { employerCompany, employerSession } from '../test/render-shell';
import { answeringFirst, restoreBrowserSession, sessionCheckClient } from './restore-session';
import { clearStoredSession, hasBrowserSession, readStoredSession, sendSessionCheck, writeStoredSession } from './session-store';

const session = employerSession();
// As the server answers it (the shared fixture leaves out the creation time, which the full company carries).
const company = { ...employerCompany(), createdAt: '2026-01-05T09:00:00.000Z' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const meAnswer = () => ({
  success: true,
  message: 'OK',
  user: { id: session.userId, role: 'Employer', email: session.email, name: session.name, employerId: session.employerId, employerUserId: session.employerUserId, signUpState: 3, offices: null },
});

/** The server as this browser's cookie finds it: `me` answers `me()`, the company reads answer the company. */
function server(me: () => Response) {
  const seen: { url: string; init?: RequestInit }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({ url, init });
    if (url === SESSION_CHECK_PATH) return me();
    if (url.startsWith('/api/employers/current/')) return json(200, { success: true, message: 'OK', id: session.employerUserId, userId: session.userId, employerId: session.employerId });
    if (url === `/api/employers/${session.employerId}`) return json(200, { success: true, message: 'OK', company });
    return json(404, { success: false, message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchFn);
  return { seen, asked: (url: string) => seen.filter((s) => s.url === url).length };
}

/** Another tab signed in without "remember me": this tab shares the browser's cookies, not its sessionStorage. */
function signedInElsewhere() {
  writeStoredSession(session, false);
  sessionStorage.clear();
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearStoredSession();
});

describe('the session check sent at the start of a new tab', () => {
  it('is the session endpoint\'s own path', () => {
    expect(sessionEndpoints.me.path).toBe(SESSION_CHECK_PATH);
    expect(sessionEndpoints.me.method).toBe('GET');
  });

  it('is asked once: the restore reads the answer already sent, and the session and company come into this tab', async () => {
    signedInElsewhere();
    const { seen, asked } = server(() => json(200, meAnswer()));
    const sent = sendSessionCheck();
    const restored = await restoreBrowserSession(sessionCheckClient(sent));
    expect(restored).toMatchObject({ userId: session.userId, role: 'Employer', signUpState: 3, companyDetails: { name: 'Acme' } });
    expect(asked(SESSION_CHECK_PATH)).toBe(1);
    // Sent as the client sends it: the cookie and the anti-CSRF header.
    const first = seen[0]!;
    expect(first.url).toBe(SESSION_CHECK_PATH);
    expect(first.init?.credentials).toBe('include');
    expect(new Headers(first.init?.headers).get(CSRF_HEADER)).toBe('1');
    // The company's reads still go out through the client.
    expect(asked(`/api/employers/${session.employerId}`)).toBe(1);
    expect(await readStoredSession()).toMatchObject({ remember: false, session: { userId: session.userId } });
  });

  it('forgets the browser-long session when the answer already sent says it has ended', async () => {
    signedInElsewhere();
    const { asked } = server(() => json(401, { success: false, message: 'Authentication is required.' }));
    expect(await restoreBrowserSession(sessionCheckClient(sendSessionCheck()))).toBeNull();
    expect(hasBrowserSession()).toBe(false);
    expect(asked(SESSION_CHECK_PATH)).toBe(1);
  });

  it('checks the answer already sent with the endpoint\'s schema: one that does not match restores nothing', async () => {
    signedInElsewhere();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server(() => json(200, { success: true, message: 'OK', user: { id: 'not-a-user' } }));
    expect(await restoreBrowserSession(sessionCheckClient(sendSessionCheck()))).toBeNull();
    expect(error).toHaveBeenCalledWith('accounts.me: the answer does not match its contract', expect.anything());
    // A wrong answer is not an ended session: the browser-long one is kept for the next tab.
    expect(hasBrowserSession()).toBe(true);
    error.mockRestore();
  });

  it('restores nothing when the request already sent failed on the network', async () => {
    signedInElsewhere();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await restoreBrowserSession(sessionCheckClient(sendSessionCheck()))).toBeNull();
    expect(hasBrowserSession()).toBe(true);
    error.mockRestore();
  });
});

describe('answeringFirst', () => {
  it('answers the first session check with the sent request and sends every other request', async () => {
    const send = vi.fn(async () => json(200, { other: true }));
    const early = json(200, { early: true });
    const f = answeringFirst(Promise.resolve(early), send as unknown as typeof fetch);
    expect(await f(SESSION_CHECK_PATH, { method: 'GET' })).toBe(early);
    expect(send).not.toHaveBeenCalled();
    // A second check (a later call) is asked again, as is anything else.
    await f(SESSION_CHECK_PATH, { method: 'GET' });
    await f('/api/employers/current/x', { method: 'GET' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('leaves a request that is not the session check to the network, keeping the sent one for the check', async () => {
    const send = vi.fn(async () => json(200, {}));
    const early = json(200, { early: true });
    const f = answeringFirst(Promise.resolve(early), send as unknown as typeof fetch);
    await f(SESSION_CHECK_PATH, { method: 'POST' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await f(SESSION_CHECK_PATH, { method: 'GET' })).toBe(early);
  });

  it('ends the wait when the client\'s time limit aborts it', async () => {
    const f = answeringFirst(new Promise<Response>(() => {}), vi.fn() as unknown as typeof fetch);
    const controller = new AbortController();
    const answer = f(SESSION_CHECK_PATH, { method: 'GET', signal: controller.signal });
    controller.abort(new DOMException('No answer', 'TimeoutError'));
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
