import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@portal/shared-contracts';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';

const quietMe = () =>
  vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch;

const titled = (page: string) => `${page} · ${MESSAGES.product.name}`;

describe('page title', () => {
  it('names the employer page that is open, and the next one after a click in the nav', async () => {
    renderShell({ path: '/employee-management', session: employerSession(), fetch: quietMe() });
    await screen.findByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' });
    await waitFor(() => expect(document.title).toBe(titled('Employee Management')));

    await userEvent.click(screen.getByRole('link', { name: 'User Management' }));
    await screen.findByRole('heading', { name: 'mfe_auth/AdminUsersPage' });
    await waitFor(() => expect(document.title).toBe(titled('User Management')));
  });

  it('names the back-office pages and the public ones', async () => {
    const admin = renderShell({ path: '/pending-drivers', session: superAdminSession(), fetch: quietMe() });
    await screen.findByRole('heading', { name: 'mfe_drivers/DriversPage' });
    await waitFor(() => expect(document.title).toBe(titled('Pending Drivers')));
    admin.unmount();

    renderShell({ path: '/forgot-password' });
    await screen.findByRole('heading', { name: 'mfe_auth/ForgotPasswordPage' });
    await waitFor(() => expect(document.title).toBe(titled('Forgot Password')));
  });

  it('names the not-found page', async () => {
    renderShell({ path: '/no-such-page' });
    await waitFor(() => expect(document.title).toBe(titled(MESSAGES.notFound.text)));
  });
});
