import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';
import { ConfirmDialog } from './confirm-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open policy</Button>
      <Modal open={open} onOpenChange={setOpen} title="Terms and Conditions" footer={<Button onClick={() => setOpen(false)}>Done</Button>}>
        <a href="#a">First link</a>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('keeps focus inside while open, and Esc closes it returning focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open policy' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toBeInTheDocument();

    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open policy' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('shows the message and calls onConfirm; while busy Esc does not close', async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    let openState = true;
    const { rerender } = render(
      <ConfirmDialog open onOpenChange={(o) => (openState = o)} message="Are you sure?" confirmLabel="Yes" onConfirm={() => confirmed++} tone="danger" />,
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Are you sure?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(confirmed).toBe(1);
    rerender(<ConfirmDialog open onOpenChange={(o) => (openState = o)} message="Are you sure?" confirmLabel="Yes" onConfirm={() => confirmed++} busy />);
    await user.keyboard('{Escape}');
    expect(openState).toBe(true);
    expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled();
  });
});
