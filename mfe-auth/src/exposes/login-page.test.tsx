import { ApiError, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakePlatform, renderWithPlatform } from '@portal/testing';
import LoginPage from './login-page';
import { employerLoginAnswer as answer } from '../features/login/login-answer.fixture';

async function fillAndSubmit(email = 'ada@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(MESSAGES.fields.email), email);
  await user.type(screen.getByLabelText(MESSAGES.fields.password), password);
  await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
  return user;
}

describe('LoginPage', () => {
  it('shows the failure under the email field', async () => {
    const { platform } = renderWithPlatform(<LoginPage />);
    platform.api.call.mockRejectedValue(new ApiError(401, 'Invalid credentials'));
    await fillAndSubmit();
    const email = screen.getByLabelText(MESSAGES.fields.email);
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.login.failed));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(platform.auth.signIn).not.toHaveBeenCalled();
  });

  it('shows the server reason for a deactivated company (403)', async () => {
    const { platform } = renderWithPlatform(<LoginPage />);
    platform.api.call.mockRejectedValue(new ApiError(403, MESSAGES.login.companyDeactivated));
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveAccessibleDescription(MESSAGES.login.companyDeactivated));
  });

  it('reads "Logging in..." while the call runs, then signs in remembering the choice', async () => {
    const platform = createFakePlatform();
    let finish: (v: typeof answer) => void = () => {};
    platform.api.call.mockReturnValue(new Promise((r) => (finish = r)));
    renderWithPlatform(<LoginPage />, platform);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: MESSAGES.login.rememberMe }));
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    const busy = await screen.findByRole('button', { name: MESSAGES.login.buttonBusy });
    expect(busy).toBeDisabled();
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.login' }), {
      body: { email: 'ada@example.com', password: 'secret-pass', rememberMe: true },
    });
    finish(answer);
    await waitFor(() => expect(platform.auth.signIn).toHaveBeenCalledWith(answer, { remember: true }));
    expect(await screen.findByRole('button', { name: MESSAGES.login.button })).toBeEnabled();
  });

  it('tells an employee the portal is for company administrators, ends the session and offers the app', async () => {
    const { platform } = renderWithPlatform(<LoginPage />);
    platform.api.call.mockResolvedValue({ ...answer, role: 'Employee', signUpState: null, userSignUpState: null, employerId: 'c-1', employerUserId: null });
    await fillAndSubmit('sam@example.com');
    expect(await screen.findByText(MESSAGES.login.employeeAccount)).toBeInTheDocument();
    expect(platform.auth.signIn).not.toHaveBeenCalled();
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.logout' }));
    const app = screen.getByRole('link', { name: MESSAGES.login.getTheApp });
    expect(app).toHaveAttribute('href', `#${ROUTES.downloadLinks}?from=login`);
    expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveValue('sam@example.com');
  });

  it('validates with the spec messages before calling', async () => {
    const { platform } = renderWithPlatform(<LoginPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.login.button }));
    expect(await screen.findByText(MESSAGES.login.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('after a refused submit, puts focus on the first wrong field and clears each message as it is corrected', async () => {
    renderWithPlatform(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'not-an-address');
    await user.click(screen.getByRole('button', { name: MESSAGES.login.button }));
    expect(await screen.findByText(MESSAGES.login.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.fields.email)).toHaveFocus();
    await user.clear(screen.getByLabelText(MESSAGES.fields.email));
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    expect(screen.queryByText(MESSAGES.login.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.login.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'x');
    expect(screen.queryByText(MESSAGES.login.passwordRequired)).not.toBeInTheDocument();
  });

  it('links to forgot password and sign-up through the platform', async () => {
    const { platform } = renderWithPlatform(<LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: MESSAGES.login.forgotLink }));
    expect(platform.navigate).toHaveBeenCalledWith('/forgot-password');
    expect(screen.getByRole('link', { name: MESSAGES.login.signupLink })).toHaveAttribute('href', '#/Signup');
  });
});
