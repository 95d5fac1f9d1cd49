import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ENDPOINTS, type AnyEndpoint, type ApiClient } from '@portal/shared-contracts';
import { employerCompany, employerSession } from '../test/render-shell';
import { restoreBrowserSession } from './restore-session';
import { clearStoredSession, hasBrowserSession, readStoredSession, writeStoredSession } from './session-store';

const session = employerSession();
const company = employerCompany();

function server(me: () => unknown) {
  const call = vi.fn(async (endpoint: AnyEndpoint) => {
    if (endpoint === ENDPOINTS.accounts.me) return me();
    if (endpoint === ENDPOINTS.employers.current) return { success: true, message: 'OK', id: session.employerUserId, userId: session.userId, employerId: session.employerId };
    if (endpoint === ENDPOINTS.employers.get) return { success: true, message: 'OK', company };
    throw new Error(`unexpected ${endpoint.id}`);
  });
  return { api: { call } as unknown as ApiClient, call };
}

const meAnswer = () => ({
  success: true,
  message: 'OK',
  user: { id: session.userId, role: 'Employer', email: session.email, name: session.name, employerId: session.employerId, employerUserId: session.employerUserId, signUpState: 3, offices: null },
});

/** Another tab signed in without "remember me": this tab shares the browser's cookies, not its sessionStorage. */
function signedInElsewhere() {
  writeStoredSession(session, false);
  sessionStorage.clear();
}

afterEach(() => clearStoredSession());

describe('restoring a browser-long session in a new tab', () => {
  it('asks nobody when this browser has no such session', async () => {
    const { api, call } = server(meAnswer);
    expect(await restoreBrowserSession(api)).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('takes the session the server still holds, with its company, into this tab', async () => {
    signedInElsewhere();
    expect(await readStoredSession()).toBeNull();
    const { api } = server(meAnswer);
    const restored = await restoreBrowserSession(api);
    expect(restored).toMatchObject({ userId: session.userId, role: 'Employer', signUpState: 3, companyDetails: { name: 'Acme' } });
    // Kept as the first tab keeps it: for this browser session only.
    expect(await readStoredSession()).toMatchObject({ remember: false, session: { userId: session.userId } });
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('forgets it when the server says it has ended', async () => {
    signedInElsewhere();
    const { api } = server(() => {
      throw new ApiError(401, 'Authentication is required.');
    });
    expect(await restoreBrowserSession(api)).toBeNull();
    expect(hasBrowserSession()).toBe(false);
  });
});
