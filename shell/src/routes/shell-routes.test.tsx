import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { renderShell } from '../test/render-shell';

// Records when the router's package is first imported: a visitor's public pages must not need it.
const router = vi.hoisted(() => {
  (globalThis as { coldShellRouter?: boolean }).coldShellRouter = true;
  return { loaded: false };
});
vi.mock('react-router-dom', async (importOriginal) => {
  router.loaded = true;
  return importOriginal();
});

const titled = (page: string) => `${page} · ${MESSAGES.product.name}`;

function Navigating({ name }: { name: string }) {
  const { navigate, location } = usePlatform();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="path">{location.pathname + location.search}</p>
      <button type="button" onClick={() => navigate('/forgot-password?from=login')}>to forgot</button>
      <button type="button" onClick={() => navigate('/employee-management')}>to employees</button>
    </div>
  );
}

describe('public pages before the router', () => {
  it('draws the login and forgot-password pages for a visitor without loading the router, then the router for a signed-in route', async () => {
    const pages = {
      'mfe_auth/LoginPage': () => <Navigating name="login" />,
      'mfe_auth/ForgotPasswordPage': () => <Navigating name="forgot" />,
    };
    renderShell({ path: '/', pages });
    await screen.findByRole('heading', { name: 'login' });
    await waitFor(() => expect(document.title).toBe(titled('Log In')));

    act(() => screen.getByRole('button', { name: 'to forgot' }).click());
    await screen.findByRole('heading', { name: 'forgot' });
    expect(screen.getByTestId('path')).toHaveTextContent('/forgot-password?from=login');
    await waitFor(() => expect(document.title).toBe(titled('Forgot Password')));
    expect(router.loaded).toBe(false);

    // A visitor at a signed-in page: the router's guard sends them to the login page.
    act(() => screen.getByRole('button', { name: 'to employees' }).click());
    await screen.findByRole('heading', { name: 'login' });
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(router.loaded).toBe(true);
  });

  it('matches a public page as the router does: any case, a trailing slash', async () => {
    renderShell({ path: '/signup/' });
    expect(await screen.findByRole('heading', { name: 'mfe_auth/SignupPage' })).toBeInTheDocument();
  });
});
