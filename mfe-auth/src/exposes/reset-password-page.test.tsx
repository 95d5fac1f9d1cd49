import { ApiError, MESSAGES, TIMINGS } from '@portal/shared-contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakePlatform, renderWithPlatform } from '@portal/testing';
import ResetPasswordPage from './reset-password-page';

const withParams = () => createFakePlatform({ query: 'email=ada%40example.com&token=abc%2B%2Fdef' });

async function fill(password = 'new-secret', confirm = password) {
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  await user.type(screen.getByLabelText(MESSAGES.fields.newPassword), password);
  await user.type(screen.getByLabelText(MESSAGES.fields.confirmPassword), confirm);
  await user.click(screen.getByRole('button', { name: MESSAGES.reset.button }));
}

describe('ResetPasswordPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says "Email and token are required" without them and does not submit', () => {
    const { platform } = renderWithPlatform(<ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.reset.emailTokenRequired);
    expect(screen.getByRole('button', { name: MESSAGES.reset.button })).toBeDisabled();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('checks that both passwords match', async () => {
    const { platform } = renderWithPlatform(<ResetPasswordPage />, withParams());
    await fill('new-secret', 'other-secret');
    expect(await screen.findByText(MESSAGES.reset.mismatch)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('asks for a new password of at least 8 characters', async () => {
    const { platform } = renderWithPlatform(<ResetPasswordPage />, withParams());
    await fill('Short-1');
    expect(await screen.findByText(MESSAGES.reset.newMin)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('sends the decoded token, toasts success and goes to login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { platform } = renderWithPlatform(<ResetPasswordPage />, withParams());
    platform.api.call.mockResolvedValue({ success: true, message: 'ok' });
    await fill();
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.reset.success));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.resetPassword' }), {
      body: { email: 'ada@example.com', token: 'abc+/def', newPassword: 'new-secret' },
    });
    expect(platform.navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(TIMINGS.redirectMs));
    expect(platform.navigate).toHaveBeenCalledWith('/');
  });

  it('on a phone, alerts to return to the app and stays', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { platform } = renderWithPlatform(<ResetPasswordPage />, withParams());
    platform.api.call.mockResolvedValue({ success: true, message: 'ok' });
    await fill();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.reset.mobileSuccess));
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('shows the server message for a 400 and the generic failure otherwise', async () => {
    const { platform } = renderWithPlatform(<ResetPasswordPage />, withParams());
    platform.api.call.mockRejectedValueOnce(new ApiError(400, MESSAGES.reset.invalidToken));
    await fill();
    expect(await screen.findByText(MESSAGES.reset.invalidToken)).toBeInTheDocument();
    platform.api.call.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.reset.button }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenLastCalledWith(MESSAGES.reset.failed));
  });

  it('keeps a "+" of a link that was not percent-encoded', async () => {
    const { platform } = renderWithPlatform(<ResetPasswordPage />, createFakePlatform({ query: 'email=a+b%40example.com&token=ab+c' }));
    platform.api.call.mockResolvedValue({ success: true, message: 'ok' });
    await fill();
    await waitFor(() =>
      expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.resetPassword' }), {
        body: { email: 'a+b@example.com', token: 'ab+c', newPassword: 'new-secret' },
      }),
    );
  });
});
