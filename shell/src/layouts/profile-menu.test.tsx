import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, STORAGE_KEYS, type Session } from '@portal/shared-contracts';
import { setSession } from '../session/session-store';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';

/** The api answers `me` as unreachable (the stored session stands) and logout as done. */
const api = () =>
  vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/api/accounts/logout')
      ? new Response(JSON.stringify({ success: true, message: MESSAGES.session.loggedOut }), { status: 200 })
      : new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 }),
  ) as unknown as typeof fetch;

async function openMenu(session: Session, path: string) {
  const user = userEvent.setup();
  const view = renderShell({ path, session, fetch: api() });
  setSession(view.store, session, true);
  await user.click(await screen.findByRole('button', { name: session.name }));
  return { user, view, menu: await screen.findByRole('menu') };
}

describe('profile menu', () => {
  it('is named by the name it holds, shown in the employer area and kept for screen readers where only the initial shows', async () => {
    const employer = renderShell({ path: '/mainPage', session: employerSession(), fetch: api() });
    expect(await screen.findByRole('button', { name: 'Ann Employer' })).not.toHaveAttribute('aria-label');
    employer.unmount();
    renderShell({ path: '/super-admin', session: superAdminSession(), fetch: api() });
    expect(await screen.findByRole('button', { name: 'Sam Admin' })).not.toHaveAttribute('aria-label');
  });

  it("lists the employer's entries, then Log Out", async () => {
    const { menu } = await openMenu(employerSession(), '/mainPage');
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual([MESSAGES.labels.helpSupport, MESSAGES.labels.myProfile, MESSAGES.labels.logOut]);
  });

  it("lists the super admin's entries (the spec's Users and My profile), then Log Out", async () => {
    const { menu } = await openMenu(superAdminSession(), '/super-admin');
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual([MESSAGES.labels.helpSupport, MESSAGES.labels.users, MESSAGES.labels.myProfile, MESSAGES.labels.logOut]);
  });

  it('gives focus back to the profile button when Escape closes the Log Out question', async () => {
    const { user, menu } = await openMenu(employerSession(), '/mainPage');
    await user.click(within(menu).getByRole('menuitem', { name: MESSAGES.labels.logOut }));
    await screen.findByRole('dialog', { name: MESSAGES.labels.logOut });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: employerSession().name })).toHaveFocus());
  });

  it('logs out only after the confirmation, then shows the login page with the session cleared', async () => {
    const { user, menu } = await openMenu(employerSession(), '/mainPage');
    await user.click(within(menu).getByRole('menuitem', { name: MESSAGES.labels.logOut }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.labels.logOut });
    expect(dialog).toHaveTextContent(MESSAGES.session.confirmLogout);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.logout }));
    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull());
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const { user, menu } = await openMenu(superAdminSession(), '/super-admin');
    await user.click(within(menu).getByRole('menuitem', { name: MESSAGES.labels.logOut }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.labels.logOut });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'mfe_onboarding/AllEmployersPage' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).not.toBeNull();
  });
});
