import { ApiError, MESSAGES, TIMINGS } from '@portal/shared-contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPlatform } from '@portal/testing';
import ForgotPasswordPage from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the heading and validates the email', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<ForgotPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.forgot.heading })).toBeInTheDocument();
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'nope');
    await user.click(screen.getByRole('button', { name: MESSAGES.forgot.button }));
    expect(await screen.findByText(MESSAGES.forgot.emailInvalid)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('sends the reset screen as callback, toasts success and goes to login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { platform } = renderWithPlatform(<ForgotPasswordPage />);
    let finish: (v: unknown) => void = () => {};
    platform.api.call.mockReturnValue(new Promise((r) => (finish = r)));
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: MESSAGES.forgot.button }));
    expect(await screen.findByRole('button', { name: MESSAGES.forgot.buttonBusy })).toBeDisabled();
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.forgotPassword' }), {
      body: { email: 'ada@example.com', callbackUrl: 'https://portal.example/#/reset-password' },
    });
    await act(async () => finish({ success: true, message: 'sent' }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.forgot.success));
    expect(platform.navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(TIMINGS.redirectMs));
    expect(platform.navigate).toHaveBeenCalledWith('/');
  });

  it('does not go to login when the visitor has gone elsewhere meanwhile (the mailed link opened in this tab)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { platform } = renderWithPlatform(<ForgotPasswordPage />);
    const start = window.location.href;
    platform.api.call.mockResolvedValue({ success: true, message: 'sent' });
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: MESSAGES.forgot.button }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.forgot.success));
    // The reset link, followed in this tab: the address changes while this page waits for the next.
    window.history.pushState(null, '', '#/reset-password?email=ada%40example.com&token=t');
    try {
      act(() => vi.advanceTimersByTime(TIMINGS.redirectMs));
      expect(platform.navigate).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', start);
    }
  });

  it('toasts the failure and stays', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<ForgotPasswordPage />);
    platform.api.call.mockRejectedValue(new ApiError(500, 'boom'));
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: MESSAGES.forgot.button }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.forgot.failed));
    expect(screen.getByRole('button', { name: MESSAGES.forgot.button })).toBeEnabled();
    expect(platform.navigate).not.toHaveBeenCalled();
  });
});
