import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES, REMOTES } from '@portal/shared-contracts';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';

const quietMe = () =>
  vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch;

describe('route guards', () => {
  it('sends a visitor without a session to the login page', async () => {
    renderShell({ path: '/employee-management' });
    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('keeps a SuperAdmin out of the employer area', async () => {
    renderShell({ path: '/mainPage', session: superAdminSession(), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/AllEmployersPage' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/super-admin');
  });

  it('keeps an Employer out of the back office', async () => {
    renderShell({ path: '/admins', session: employerSession(), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_insights/DashboardPage' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/mainPage');
  });

  it('keeps a SuperAdmin out of the setup flow', async () => {
    renderShell({ path: '/setup-company', session: superAdminSession(), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/AllEmployersPage' })).toBeInTheDocument();
  });

  it('lets anyone open the public pages', async () => {
    renderShell({ path: '/setup-account?employer_id=abc' });
    expect(await screen.findByRole('heading', { name: 'mfe_employees/SetupAccountPage' })).toBeInTheDocument();
  });

  it('sends an employer whose setup is not finished from the employer area to the step it is at', async () => {
    const steps = [
      [0, 'mfe_onboarding/SetupCompanyPage', '/setup-company'],
      [1, 'mfe_onboarding/SetupIncentivesPage', '/setup-company-incentives'],
      [2, 'mfe_onboarding/SetupEmployeesPage', '/setup-company-employee-details'],
    ] as const;
    for (const [signUpState, page, path] of steps) {
      for (const from of ['/mainPage', '/login-details', '/payment']) {
        const view = renderShell({ path: from, session: employerSession({ signUpState, employerId: signUpState ? employerSession().employerId : null }), fetch: quietMe() });
        expect(await screen.findByRole('heading', { name: page }), `${from} at state ${signUpState}`).toBeInTheDocument();
        expect(screen.getByTestId('path')).toHaveTextContent(path);
        // No zero dashboard with a blank name behind it: the employer area's header is not drawn.
        expect(screen.queryByRole('navigation', { name: MESSAGES.shell.employerNav })).not.toBeInTheDocument();
        view.unmount();
      }
    }
  });

  it('sends a signed-in employer from the login page to where the login sequence would', async () => {
    renderShell({ path: '/', session: employerSession({ signUpState: 1 }), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/SetupIncentivesPage' })).toBeInTheDocument();
  });
});

describe('route table', () => {
  it('passes route params and fixed props to the page', async () => {
    renderShell({ path: '/account-completed/42', session: employerSession(), fetch: quietMe() });
    expect(await screen.findByTestId('props')).toHaveTextContent('{"companyId":"42"}');
  });

  it('draws the employer layout with its tab nav around employer pages', async () => {
    renderShell({ path: '/company-settings/company-incentives', session: employerSession(), fetch: quietMe() });
    expect(await screen.findByTestId('props')).toHaveTextContent('{"tab":"Incentives"}');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of MESSAGES.labels.employerNav) expect(nav).toHaveTextContent(label);
    expect(screen.getByRole('link', { name: 'Company Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('accepts the nested /mainPage/... form of the employer routes', async () => {
    renderShell({ path: '/mainPage/employee-management', session: employerSession(), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/employee-management');
  });

  it('accepts the nested /super-admin/... form of the back-office routes', async () => {
    renderShell({ path: '/super-admin/pending-drivers', session: superAdminSession(), fetch: quietMe() });
    expect(await screen.findByTestId('props')).toHaveTextContent('{"tab":"Pending"}');
  });

  it('keeps the header working when the notifications remote is not released', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderShell({ path: '/mainPage', session: employerSession(), released: ['mfe-insights'], fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_insights/DashboardPage' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(MESSAGES.shell.featureNotReleased(REMOTES['mfe-employees'].feature))).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ann Employer' })).toBeInTheDocument();
    // The trial notice is optional: an unreleased billing remote leaves its line out, saying nothing.
    expect(screen.queryByText(MESSAGES.shell.featureNotReleased(REMOTES['mfe-billing'].feature))).not.toBeInTheDocument();
  });

  it('shows the unavailable panel in the page slot for an unreleased remote', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderShell({ path: '/payment', session: employerSession(), released: ['mfe-employees'], fetch: quietMe() });
    expect(await screen.findByText(MESSAGES.shell.featureNotReleased(REMOTES['mfe-billing'].feature))).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
