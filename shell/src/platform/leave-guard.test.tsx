import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from '../session/portal-store';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { employerSession, renderShell } from '../test/render-shell';
import { createNavigationHolds, LeaveGuard } from './leave-guard';

const UNSAVED = 'Your changes are not saved.';

/** A settings page that holds the user while its edits are unsaved. */
function EditingPage() {
  const { holdNavigation, navigate, location } = usePlatform();
  const [dirty, setDirty] = useState(true);
  useEffect(() => (dirty ? holdNavigation?.(UNSAVED) : undefined), [dirty, holdNavigation]);
  return (
    <div>
      <h1>Editing</h1>
      <p data-testid="query">{location.search}</p>
      <button type="button" onClick={() => navigate('/company-settings?tab=Incentives', { replace: true })}>
        Other tab
      </button>
      <button type="button" onClick={() => setDirty(false)}>
        Save
      </button>
    </div>
  );
}

const pages = { 'mfe_onboarding/CompanySettingsPage': EditingPage };
const quietMe = async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 });

async function openEditingPage() {
  renderShell({ path: '/company-settings', session: employerSession(), pages, fetch: quietMe as unknown as typeof fetch });
  expect(await screen.findByRole('heading', { name: 'Editing' })).toBeInTheDocument();
  return screen.getByRole('navigation', { name: MESSAGES.shell.employerNav });
}

describe('leaving a page with unsaved edits', () => {
  it('asks first: Stay keeps the page, Leave without saving goes', async () => {
    const nav = await openEditingPage();
    await userEvent.click(within(nav).getByRole('link', { name: MESSAGES.labels.employerNav[0] }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.common.unsavedTitle });
    expect(dialog).toHaveTextContent(UNSAVED);

    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.common.stay }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editing' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: MESSAGES.labels.employerNav[0] }));
    await userEvent.click(await screen.findByRole('button', { name: MESSAGES.common.leaveWithoutSaving }));
    expect(await screen.findByRole('heading', { name: 'mfe_insights/DashboardPage' })).toBeInTheDocument();
  });

  it('lets the page change its own query, and lets go once the edits are saved', async () => {
    const nav = await openEditingPage();
    await userEvent.click(screen.getByRole('button', { name: 'Other tab' }));
    expect(screen.getByTestId('query')).toHaveTextContent('?tab=Incentives');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(nav).getByRole('link', { name: MESSAGES.labels.employerNav[0] }));
    expect(await screen.findByRole('heading', { name: 'mfe_insights/DashboardPage' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('with nothing held', () => {
  it('lets an address the user types go through without the router warning about a blocker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      window.location.hash = '#/first';
      const router = createHashRouter([{ path: '*', element: <LeaveGuard holds={createNavigationHolds()} store={createStore()} /> }]);
      render(<RouterProvider router={router} />);
      // A change of the address the router did not make (typed, or a plain link): a POP navigation.
      window.location.hash = '#/typed';
      await waitFor(() => expect(router.state.location.pathname).toBe('/typed'));
      expect(warn.mock.calls.flat().join('\n')).not.toMatch(/blocker/);
    } finally {
      warn.mockRestore();
    }
  });
});
