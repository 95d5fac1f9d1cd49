import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, ROUTES, usePlatform } from '@portal/shared-contracts';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';
import { EMPLOYER_TABS } from './employer-layout';
import { SIDE_MENU } from './super-admin-layout';

const quietMe = () => vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch;

describe('the layouts’ navigation', () => {
  it('puts Billing and the Audit Log in the employer’s navigation, each the current page where it is', async () => {
    renderShell({ path: ROUTES.payment, session: employerSession(), fetch: quietMe() });
    const nav = await screen.findByRole('navigation', { name: MESSAGES.shell.employerNav });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([...MESSAGES.labels.employerNav, MESSAGES.billing.menuEntry, MESSAGES.audit.title]);
    expect(within(nav).getByRole('link', { name: MESSAGES.billing.menuEntry })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(nav).getByRole('link', { name: MESSAGES.audit.title }));
    expect(await screen.findByRole('heading', { name: 'mfe_auth/AuditLogPage' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: MESSAGES.audit.title })).toHaveAttribute('aria-current', 'page');
    // The audit log is a page of its own now, not a part of Company Settings.
    expect(within(nav).getByRole('link', { name: MESSAGES.labels.employerNav[1] })).not.toHaveAttribute('aria-current');
    expect(EMPLOYER_TABS.map((t) => t.to)).toEqual(expect.arrayContaining([ROUTES.payment, ROUTES.companySettingsAuditLog]));
  });

  it('gives the back office one navigation holding every section', async () => {
    renderShell({ path: ROUTES.superAdmin, session: superAdminSession(), fetch: quietMe() });
    await screen.findByRole('heading', { name: 'mfe_onboarding/AllEmployersPage' });
    const navs = screen.getAllByRole('navigation');
    expect(navs).toHaveLength(1);
    const links = within(navs[0]!).getAllByRole('link').map((l) => l.getAttribute('href'));
    for (const section of [ROUTES.superAdmin, ROUTES.allUsers, ROUTES.drivers, ROUTES.admins, ROUTES.superAdminAuditLog, ROUTES.superAdminMail, ROUTES.superAdminReleases, ROUTES.superAdminSettings, ROUTES.superAdminProfile]) {
      expect(links.some((href) => href?.endsWith(`#${section}`) || href === section)).toBe(true);
    }
    expect(SIDE_MENU).toHaveLength(9);
  });

  it.each([
    ['employer', employerSession(), ROUTES.mainPage],
    ['super admin', superAdminSession(), ROUTES.superAdmin],
  ] as const)('shows and hides the %s navigation with the Menu button, and Escape closes it onto the button', async (_who, session, path) => {
    const user = userEvent.setup();
    renderShell({ path, session, fetch: quietMe() });
    const button = await screen.findByRole('button', { name: MESSAGES.shell.menu });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const nav = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(nav?.tagName).toBe('NAV');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    within(nav!).getAllByRole('link')[0]!.focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('keeps the Menu open while the page shown rewrites its own address, and closes it on another page', async () => {
    const user = userEvent.setup();
    function ListPage() {
      const { location, navigate } = usePlatform();
      return (
        <>
          <p data-testid="where">{`${location.pathname}${location.search}`}</p>
          <button type="button" onClick={() => navigate(`${location.pathname}?page=2`, { replace: true })}>
            Next page
          </button>
          <button type="button" onClick={() => navigate(ROUTES.allUsers)}>
            Another page
          </button>
        </>
      );
    }
    renderShell({ path: ROUTES.superAdminAuditLog, session: superAdminSession(), fetch: quietMe(), pages: { 'mfe_auth/AuditLogPage': ListPage } });
    const menu = await screen.findByRole('button', { name: MESSAGES.shell.menu });
    await screen.findByRole('button', { name: 'Next page' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`${ROUTES.superAdminAuditLog}?page=2`);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Another page' }));
    expect(await screen.findByRole('heading', { name: 'mfe_employees/AllUsersPage' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: MESSAGES.shell.menu })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('keeps a Menu pressed while the next page loads open when that page arrives', async () => {
    const user = userEvent.setup();
    function ListPage() {
      const { navigate } = usePlatform();
      return (
        <button type="button" onClick={() => navigate(ROUTES.allUsers)}>
          Another page
        </button>
      );
    }
    const { runtime } = renderShell({ path: ROUTES.superAdminAuditLog, session: superAdminSession(), fetch: quietMe(), pages: { 'mfe_auth/AuditLogPage': ListPage } });
    await screen.findByRole('button', { name: 'Another page' });
    // The next page's code is held until `arrive`.
    let arrive!: () => void;
    const held = new Promise<void>((r) => (arrive = r));
    const load = runtime.loadRemote;
    runtime.loadRemote = (async (id: string) => {
      await held;
      return load(id);
    }) as typeof runtime.loadRemote;
    const menu = screen.getByRole('button', { name: MESSAGES.shell.menu });
    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'Another page' }));
    // Leaving the page closes the menu at once, before the next page has come.
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    arrive();
    expect(await screen.findByRole('heading', { name: 'mfe_employees/AllUsersPage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.shell.menu })).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts the keyboard at a skip link that moves focus to the page content', async () => {
    const user = userEvent.setup();
    renderShell({ path: ROUTES.mainPage, session: employerSession(), fetch: quietMe() });
    await screen.findByRole('heading', { name: 'mfe_insights/DashboardPage' });
    await user.tab();
    const skip = screen.getByRole('link', { name: MESSAGES.shell.skipToContent });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The router owns the address's hash: the page did not move.
    expect(screen.getByTestId('path')).toHaveTextContent(ROUTES.mainPage);
  });
});
