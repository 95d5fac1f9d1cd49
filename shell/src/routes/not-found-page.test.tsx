import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MESSAGES } from '@portal/shared-contracts';
import { renderShell } from '../test/render-shell';

describe('404 page', () => {
  it('shows "404", "Page not found" and a Dashboard link to /', async () => {
    renderShell({ path: '/no-such-page' });
    expect(await screen.findByText(MESSAGES.notFound.code)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MESSAGES.notFound.text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.notFound.link })).toHaveAttribute('href', '/');
  });
});
