import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '@portal/testing';
import UnsubscribePage from './unsubscribe-page';

const M = MESSAGES.monthlyReports;
const TOKEN = 'a'.repeat(43);

describe('UnsubscribePage', () => {
  it('changes nothing on opening; the button unsubscribes with the link token and says so', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<UnsubscribePage />, { pathname: '/unsubscribe', query: `token=${TOKEN}`, session: null });
    expect(screen.getByRole('heading', { level: 1, name: M.unsubscribeHeading })).toBeInTheDocument();
    expect(platform.api.call).not.toHaveBeenCalled();
    let finish: (v: unknown) => void = () => {};
    platform.api.call.mockReturnValue(new Promise((r) => (finish = r)));
    await user.click(screen.getByRole('button', { name: M.unsubscribeButton }));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'monthlyReports.unsubscribe' }), { query: { token: TOKEN } });
    await act(async () => finish({ success: true, message: M.unsubscribed }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.unsubscribed);
    expect(screen.getByRole('button', { name: M.unsubscribeButton })).toBeDisabled();
  });

  it('says a link without its token is not valid, and sends nothing', async () => {
    const { platform } = renderWithPlatform(<UnsubscribePage />, { pathname: '/unsubscribe', query: '', session: null });
    expect(screen.getByText(M.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.unsubscribeButton })).toBeDisabled();
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it("shows the server's reason for an unknown link", async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<UnsubscribePage />, { pathname: '/unsubscribe', query: `token=${TOKEN}`, session: null });
    platform.api.call.mockRejectedValue(new ApiError(404, M.tokenInvalid));
    await user.click(screen.getByRole('button', { name: M.unsubscribeButton }));
    await waitFor(() => expect(screen.getByText(M.tokenInvalid)).toBeInTheDocument());
  });
});
