import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './copy-field';

afterEach(() => vi.useRealTimers());

describe('CopyField', () => {
  it('copies its value and says so for a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onCopy = vi.fn();
    render(<CopyField label="Base URL" value="https://portal.example/scim/v2" copyLabel="Copy" copiedLabel="Copied" onCopy={onCopy} />);
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('https://portal.example/scim/v2');
    expect(onCopy).toHaveBeenCalledWith(true);
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('leaves the value selected and says it failed when the browser refuses the copy', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const onCopy = vi.fn();
    render(<CopyField label="Token" value="tok_123" copyLabel="Copy" copiedLabel="Copied" onCopy={onCopy} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onCopy).toHaveBeenCalledWith(false);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Token' });
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 7]);
  });
});
