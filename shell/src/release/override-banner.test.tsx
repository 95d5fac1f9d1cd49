import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OverrideBanner } from './override-banner';

describe('OverrideBanner', () => {
  it('names every overridden remote and resets in one click', async () => {
    const onReset = vi.fn();
    render(<OverrideBanner overrides={[{ remote: 'mfe-employees', entry: 'http://localhost:3003/mf-manifest.json' }]} onReset={onReset} />);
    expect(screen.getByRole('status')).toHaveTextContent('mfe-employees');
    expect(screen.getByRole('status')).toHaveTextContent('http://localhost:3003/mf-manifest.json');
    await userEvent.click(screen.getByRole('button', { name: 'Reset overrides' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('says out loud that an override was refused', () => {
    render(<OverrideBanner overrides={[]} refused={[{ remote: 'mfe-auth', entry: 'https://evil.example/mf-manifest.json' }]} onReset={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Override of mfe-auth to https://evil.example/mf-manifest.json refused: this portal does not accept development code from there.',
    );
  });

  it('renders nothing without overrides', () => {
    const { container } = render(<OverrideBanner overrides={[]} onReset={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
