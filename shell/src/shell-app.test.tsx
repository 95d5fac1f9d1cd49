import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/shared-contracts';
import { ShellApp } from './shell-app';
import { renderShell } from './test/render-shell';

describe('the page around the routes', () => {
  it('shows a toast raised before its toaster has been fetched', async () => {
    const { services } = renderShell({ path: '/' });
    act(() => {
      services.toasts.show('error', 'Something went wrong');
      services.toasts.show('success', 'Saved');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });

  it('shows the override banner and asks about a link\'s overrides only when there are some', async () => {
    const { services, unmount } = renderShell({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'mfe_auth/LoginPage' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.shell.overrideBanner)).toBeNull();
    unmount();
    render(
      <ShellApp
        services={{
          ...services,
          overrides: [{ remote: 'mfe-employees', entry: 'http://localhost:3003/mf-manifest.json' }],
          pendingOverrides: [{ remote: 'mfe-billing', entry: 'http://localhost:3006/mf-manifest.json' }],
        }}
        initialPath="/"
      />,
    );
    expect(await screen.findByText(MESSAGES.shell.overrideBanner)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: MESSAGES.shell.overrideConfirmTitle })).toHaveTextContent('http://localhost:3006/mf-manifest.json');
  });
});
