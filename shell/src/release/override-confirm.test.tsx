import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@portal/shared-contracts';
import { OverrideConfirm } from './override-confirm';

const pending = [{ remote: 'mfe-auth', entry: 'http://localhost:3001/mf-manifest.json' }];

describe('OverrideConfirm', () => {
  it('names the remote and the address a link wants to load from, and loads nothing unless confirmed', async () => {
    const onConfirm = vi.fn();
    render(<OverrideConfirm pending={pending} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.shell.overrideConfirmTitle });
    expect(dialog).toHaveTextContent('mfe-auth');
    expect(dialog).toHaveTextContent('http://localhost:3001/mf-manifest.json');
    // The safe answer has the focus.
    expect(screen.getByRole('button', { name: MESSAGES.shell.overrideConfirmIgnore })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: MESSAGES.shell.overrideConfirmIgnore }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms on the explicit button only', async () => {
    const onConfirm = vi.fn();
    render(<OverrideConfirm pending={pending} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.shell.overrideConfirmLoad }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('renders nothing when no link asked for an override', () => {
    render(<OverrideConfirm pending={[]} onConfirm={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
