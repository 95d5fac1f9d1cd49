import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_HEADER, MESSAGES, ROUTES, usePlatform } from '@portal/shared-contracts';
import { accounts } from '@portal/shared-contracts/endpoints/accounts';
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

  it('keeps the page where the password was changed until its Ok, though its other calls get 401', async () => {
    const user = userEvent.setup();
    // The server ends every session at the change: after it, every call needing a session gets 401.
    let changed = false;
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith(accounts.changePassword.path)) {
        changed = true;
        return new Response(JSON.stringify({ success: true, message: MESSAGES.changePassword.success }), { status: 200 });
      }
      if (changed) return new Response(JSON.stringify({ success: false, message: MESSAGES.common.unauthorized }), { status: 401 });
      return new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 });
    }) as unknown as typeof fetch;
    function ProfilePage() {
      const { api, navigate, location } = usePlatform();
      const [said, setSaid] = useState('');
      return (
        <>
          <p data-testid="where">{location.pathname}</p>
          <p data-testid="said">{said}</p>
          <button type="button" onClick={() => void api.call(accounts.changePassword, { body: { currentPassword: 'Old-pass-1', newPassword: 'New-pass-1' } }).then(() => setSaid('changed'))}>
            Change
          </button>
          <button type="button" onClick={() => void api.call(accounts.me).catch(() => setSaid('refused'))}>
            Refresh
          </button>
          <button type="button" onClick={() => navigate(ROUTES.employeeManagement)}>
            Elsewhere
          </button>
        </>
      );
    }
    const { store } = renderShell({
      path: ROUTES.loginDetails,
      session: employerSession(),
      fetch: fetchFn,
      pages: { 'mfe_auth/ChangePasswordPage': ProfilePage, 'mfe_employees/EmployeeManagementPage': ProfilePage },
    });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByTestId('said')).toHaveTextContent('changed'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('said')).toHaveTextContent('refused'));
    // Still on the page, still signed in: its success message stays until the user's Ok.
    expect(store.get(sessionAtom)).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeNull();
    // Anywhere else, a 401 is the session that ran out again.
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.employeeManagement));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    expect(store.get(sessionAtom)).toBeNull();
  });
});
