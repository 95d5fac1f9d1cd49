import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CSRF_HEADER, MESSAGES } from '@portal/shared-contracts';
import { sessionAtom, writeStoredSession } from '../session/session-store';
import { employerSession, renderShell } from '../test/render-shell';

describe('platform', () => {
  it('on a 401 clears the session and goes to the login page', async () => {
    const seen: Request[] = [];
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(input instanceof Request ? input : new Request(input, init));
      return new Response(JSON.stringify({ success: false, message: MESSAGES.common.unauthorized }), { status: 401 });
    }) as unknown as typeof fetch;
    const session = employerSession();
    writeStoredSession(session, true);
    const { store } = renderShell({ path: '/employee-management', session, fetch: fetchFn });

    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    expect(store.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(seen[0]!.url).toBe('http://portal.test/api/accounts/me');
    expect(seen[0]!.headers.get(CSRF_HEADER)).toBe('1');
    await waitFor(() => expect(screen.getByText(MESSAGES.session.unauthorized)).toBeInTheDocument());
  });

  it('refreshes the stored session from the server on boot', async () => {
    // Setup was finished elsewhere: the stored state (2) is behind the server's (3).
    const session = employerSession({ signUpState: 2 });
    const fetchFn = vi.fn(async () =>
      new Response(
        JSON.stringify({
          success: true,
          message: 'OK',
          user: { id: session.userId, role: 'Employer', email: session.email, name: 'Ann Renamed', employerId: session.employerId, employerUserId: session.employerUserId, signUpState: 3, offices: null },
        }),
        { status: 200 },
      ),
    ) as unknown as typeof fetch;
    const { store } = renderShell({ path: '/account-completed', session, fetch: fetchFn });
    await waitFor(() => expect(store.get(sessionAtom)?.name).toBe('Ann Renamed'));
    expect(store.get(sessionAtom)?.signUpState).toBe(3);
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/AccountCompletedPage' })).toBeInTheDocument();
  });
});
