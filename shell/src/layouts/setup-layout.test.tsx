import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, ROUTES, SignUpState } from '@portal/shared-contracts';
import { sessionAtom } from '../session/session-store';
import { employerSession, renderShell } from '../test/render-shell';

const api = () =>
  vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/api/accounts/logout')
      ? new Response(JSON.stringify({ success: true, message: MESSAGES.session.loggedOut }), { status: 200 })
      : new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 }),
  ) as unknown as typeof fetch;

describe('the setup steps’ header', () => {
  it("shows the product's mark and Log out, which asks first and then signs out", async () => {
    const user = userEvent.setup();
    const { store } = renderShell({ path: '/setup-company-incentives', session: employerSession({ signUpState: 1 }), fetch: api() });
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/SetupIncentivesPage' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: MESSAGES.product.name })).toBeInTheDocument();
    expect(within(header).getByText(MESSAGES.product.name)).toBeInTheDocument();
    // Nothing of the employer area: no navigation, no profile menu.
    expect(within(header).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(header).getAllByRole('button').map((b) => b.textContent)).toEqual([MESSAGES.labels.logOut]);

    await user.click(within(header).getByRole('button', { name: MESSAGES.labels.logOut }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.labels.logOut });
    expect(dialog).toHaveTextContent(MESSAGES.session.confirmLogout);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.cancel }));
    expect(store.get(sessionAtom)).not.toBeNull();

    await user.click(within(header).getByRole('button', { name: MESSAGES.labels.logOut }));
    await user.click(within(await screen.findByRole('dialog', { name: MESSAGES.labels.logOut })).getByRole('button', { name: MESSAGES.labels.logout }));
    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('frames the account-completed page, and adding employees by hand while the company is in setup', async () => {
    for (const [path, signUpState] of [
      [ROUTES.accountCompleted, SignUpState.SetUpComplete],
      [ROUTES.addManually, SignUpState.SetUpEmployee],
    ] as const) {
      const view = renderShell({ path, session: employerSession({ signUpState }), fetch: api() });
      expect(await screen.findByTestId('page')).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByRole('button', { name: MESSAGES.labels.logOut })).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.shell.setupHeader)).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: MESSAGES.shell.employerNav })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('draws Add Manually in the employer area, its navigation with Employee Management current, once the company is set up', async () => {
    renderShell({ path: ROUTES.addManually, session: employerSession({ signUpState: SignUpState.SetUpComplete }), fetch: api() });
    expect(await screen.findByRole('heading', { name: 'mfe_employees/AddManuallyPage' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: MESSAGES.shell.employerNav });
    expect(within(nav).getByRole('link', { name: MESSAGES.labels.employerNav[2] })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(MESSAGES.shell.setupHeader)).not.toBeInTheDocument();
  });
});
