import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakePlatform, renderWithPlatform, sessionFixture as testSession } from '@portal/testing';
import ChangePasswordPage from './change-password-page';

const signedIn = () => createFakePlatform({ session: testSession });

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText(MESSAGES.fields.currentPassword), current);
  if (next) await user.type(screen.getByLabelText(MESSAGES.fields.newPassword), next);
  if (confirm) await user.type(screen.getByLabelText(MESSAGES.fields.confirmNewPassword), confirm);
  await user.click(screen.getByRole('button', { name: MESSAGES.changePassword.button }));
  return user;
}

describe('ChangePasswordPage', () => {
  it('shows the signed-in email read-only', () => {
    renderWithPlatform(<ChangePasswordPage variant="employer" />, signedIn());
    const email = screen.getByLabelText(MESSAGES.fields.email);
    expect(email).toHaveValue(testSession.email);
    expect(email).toHaveAttribute('readonly');
  });

  it('asks to log in again when the session has no email', () => {
    renderWithPlatform(<ChangePasswordPage variant="employer" />, createFakePlatform({ session: { ...testSession, email: '' } }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.changePassword.emailMissing);
  });

  it('applies the spec rules', async () => {
    const { platform } = renderWithPlatform(<ChangePasswordPage variant="employer" />, signedIn());
    await fill('', 'short', 'different');
    expect(await screen.findByText(MESSAGES.changePassword.currentRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.changePassword.newMin)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.changePassword.mismatch)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('refuses the current password as the new one', async () => {
    const { platform } = renderWithPlatform(<ChangePasswordPage variant="employer" />, signedIn());
    await fill('same-secret-1', 'same-secret-1', 'same-secret-1');
    expect(await screen.findByText(MESSAGES.changePassword.sameAsCurrent)).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('requires the confirmation', async () => {
    renderWithPlatform(<ChangePasswordPage variant="superAdmin" />, signedIn());
    await fill('old-secret', 'new-secret-1', '');
    expect(await screen.findByText(MESSAGES.changePassword.confirmRequired)).toBeInTheDocument();
  });

  it('on success shows the modal and Ok signs out and goes to login', async () => {
    const { platform } = renderWithPlatform(<ChangePasswordPage variant="superAdmin" />, signedIn());
    platform.api.call.mockResolvedValue({ success: true, message: 'changed' });
    const user = await fill('old-secret', 'new-secret-1', 'new-secret-1');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.changePassword.successTitle });
    expect(dialog).toHaveTextContent(MESSAGES.changePassword.success);
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.changePassword' }), {
      body: { currentPassword: 'old-secret', newPassword: 'new-secret-1' },
    });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.ok }));
    await waitFor(() => expect(platform.auth.signOut).toHaveBeenCalled());
    expect(platform.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('toasts the server message on failure, or the generic one', async () => {
    const { platform } = renderWithPlatform(<ChangePasswordPage variant="employer" />, signedIn());
    platform.api.call.mockRejectedValueOnce(new ApiError(400, MESSAGES.changePassword.wrongCurrent));
    const user = await fill('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.changePassword.wrongCurrent));
    platform.api.call.mockRejectedValueOnce(new Error('network'));
    await user.click(screen.getByRole('button', { name: MESSAGES.changePassword.button }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenLastCalledWith(MESSAGES.changePassword.failed));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
