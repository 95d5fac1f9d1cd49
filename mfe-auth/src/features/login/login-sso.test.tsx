import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { SSO_MESSAGES } from '@portal/shared-contracts/messages/sso';
import { ApiError } from '@portal/shared-contracts/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '@portal/testing';
import { employerLoginAnswer } from './login-answer.fixture';
import { LoginFormView } from './login-form';

const M = SSO_MESSAGES.sso;

/** The api's answers by endpoint id, as the login page's calls reach it. */
function answers(byId: Record<string, unknown>) {
  return (endpoint: { id: string }) => {
    if (!(endpoint.id in byId)) throw new Error(`unexpected call ${endpoint.id}`);
    return Promise.resolve(byId[endpoint.id]);
  };
}

describe("the login page's company-account step", () => {
  it('offers "Continue with your company account" once the address is typed, and hides the password when the company allows none', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />);
    platform.api.call.mockImplementation(answers({ 'sso.discover': { success: true, message: 'OK', sso: true, passwordsAllowed: false } }));
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: M.continue })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(LOGIN_MESSAGES.fields.email), 'ravi@riverside.example');
    await user.tab();
    expect(await screen.findByRole('button', { name: M.continue })).toBeInTheDocument();
    expect(screen.queryByLabelText(LOGIN_MESSAGES.fields.password)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOGIN_MESSAGES.login.button })).not.toBeInTheDocument();
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'sso.discover' }), { query: { email: 'ravi@riverside.example' } });
  });

  it('keeps the password as today for an address without single sign-on', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />);
    platform.api.call.mockImplementation(answers({ 'sso.discover': { success: true, message: 'OK', sso: false, passwordsAllowed: true } }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(LOGIN_MESSAGES.fields.email), 'ada@example.com');
    await user.tab();
    await waitFor(() => expect(platform.api.call).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: M.continue })).not.toBeInTheDocument();
    expect(screen.getByLabelText(LOGIN_MESSAGES.fields.password)).toBeInTheDocument();
  });

  it('offers the step when a password login is refused for a company that signs in with its provider only', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />);
    // The first lookup missed it (sent before it answered, or refused); the refusal asks again.
    let lookups = 0;
    platform.api.call.mockImplementation((endpoint: { id: string }) => {
      if (endpoint.id === 'sso.discover') {
        lookups += 1;
        return Promise.resolve({ success: true, message: 'OK', sso: lookups > 1, passwordsAllowed: lookups === 1 });
      }
      if (endpoint.id === 'accounts.login') return Promise.reject(new ApiError(403, M.passwordRefused));
      throw new Error(`unexpected call ${endpoint.id}`);
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(LOGIN_MESSAGES.fields.email), 'ravi@riverside.example');
    await user.type(screen.getByLabelText(LOGIN_MESSAGES.fields.password), 'Commute-Demo-2026');
    await user.click(screen.getByRole('button', { name: LOGIN_MESSAGES.login.button }));
    expect(await screen.findByText(M.passwordRefused)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: M.continue })).toBeInTheDocument();
    expect(screen.queryByLabelText(LOGIN_MESSAGES.fields.password)).not.toBeInTheDocument();
    expect(lookups).toBe(2);
  });

  it('trades the code the provider sent back for the session and signs in as a password login does', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />, { pathname: '/', query: 'sso=one-time-code' });
    platform.api.call.mockImplementation(answers({ 'sso.exchange': employerLoginAnswer }));
    await waitFor(() => expect(platform.auth.signIn).toHaveBeenCalledWith(employerLoginAnswer, { remember: false }));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'sso.exchange' }), { body: { code: 'one-time-code' } });
    // The code leaves the address at once: a reload does not try it again.
    expect(platform.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('says why a sign-in came back without a session', async () => {
    renderWithPlatform(<LoginFormView />, { pathname: '/', query: 'sso_status=pending' });
    expect(await screen.findByText(M.pending)).toBeInTheDocument();
  });
});
