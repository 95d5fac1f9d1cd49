import { LOGIN_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/login';
import { loginFormSchema } from '@portal/shared-contracts/forms/login';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithPlatform } from '@portal/testing';
import { LoginFormView } from './login-form';
import { loadLoginFormSchema, type LoginFormSchema } from './login-schema';
import { employerLoginAnswer as answer } from './login-answer.fixture';

// The schema arrives when the test says so, as over a slow network.
vi.mock('./login-schema', () => ({ loadLoginFormSchema: vi.fn() }));
const load = vi.mocked(loadLoginFormSchema);
let arrive: (schema: LoginFormSchema) => void = () => {};
beforeEach(() => {
  const pending = new Promise<LoginFormSchema>((resolve) => (arrive = resolve));
  load.mockReset();
  load.mockReturnValue(pending);
});

describe('the login form before its schema has arrived', () => {
  it('fetches the schema when the form is first focused, not when it is drawn', async () => {
    renderWithPlatform(<LoginFormView />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByLabelText(MESSAGES.fields.email));
    expect(load).toHaveBeenCalled();
  });

  it('a click on Log in waits for the schema, then signs in once, without a second click (a second one is ignored)', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />);
    platform.api.call.mockResolvedValue(answer);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'secret-pass');
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    const busy = await screen.findByRole('button', { name: MESSAGES.login.buttonBusy });
    expect(busy).toBeDisabled();
    // Enter in a field submits the form whatever the button's state.
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    // (Leaving the email field asked whether its domain has single sign-on: that call aside.)
    const logins = () => platform.api.call.mock.calls.filter(([endpoint]) => endpoint.id === 'accounts.login');
    expect(logins()).toHaveLength(0);

    arrive(loginFormSchema);
    await waitFor(() => expect(platform.auth.signIn).toHaveBeenCalledWith(answer, { remember: false }));
    expect(logins()).toHaveLength(1);
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.login' }), {
      body: { email: 'ada@example.com', password: 'secret-pass', rememberMe: false },
    });
  });

  it('a click on Log in with a wrong address shows the messages once the schema is there, focus on the first wrong field', async () => {
    const { platform } = renderWithPlatform(<LoginFormView />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'not-an-address');
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    expect(screen.queryByText(MESSAGES.login.emailInvalid)).not.toBeInTheDocument();

    arrive(loginFormSchema);
    expect(await screen.findByText(MESSAGES.login.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveFocus();
    expect(screen.getByRole('button', { name: MESSAGES.login.button })).toBeEnabled();
    expect(platform.api.call).not.toHaveBeenCalled();
    // Then checked on every change, as before.
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'x');
    expect(screen.queryByText(MESSAGES.login.passwordRequired)).not.toBeInTheDocument();
  });

  it('says the login failed when the schema cannot be fetched, and fetches it again on the next try', async () => {
    load.mockReset();
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loginFormSchema);
    const { platform } = renderWithPlatform(<LoginFormView />);
    platform.api.call.mockResolvedValue(answer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    await waitFor(() => expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveAccessibleDescription(MESSAGES.login.failed));
    expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    expect(await screen.findByText(MESSAGES.login.emailRequired)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });
});
