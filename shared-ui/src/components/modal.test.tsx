import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';
import { ConfirmDialog } from './confirm-dialog';
import { createToastStore, type ToastStore } from './toast-store';
import { Toaster } from './toaster';

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

describe('Modal beside the toaster', () => {
  function WithToast({ store }: { store: ToastStore }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Modal open={open} onOpenChange={setOpen} title="Import CSV">
          <p>Row 2: Invalid email format</p>
        </Modal>
        <Toaster store={store} />
      </>
    );
  }

  it('stays open when a toast is dismissed, by its button or by Esc on it', async () => {
    // Radix makes the page outside an open dialog inert to the pointer; the toaster opts back in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const store = createToastStore();
    render(<WithToast store={store} />);
    act(() => {
      store.show('error', 'Error: The file has problems.');
      store.show('error', 'Error: Still wrong.');
    });

    const [first, second] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await user.click(first!);
    expect(screen.getByRole('dialog', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.queryByText('Error: The file has problems.')).not.toBeInTheDocument();

    fireEvent.keyDown(second!, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('keeps the toasts readable by screen readers while the dialog hides the rest of the page', () => {
    const store = createToastStore();
    render(<WithToast store={store} />);
    act(() => {
      store.show('success', 'File uploaded successfully');
    });
    const toast = screen.getByRole('status');
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('dialog').contains(toast)).toBe(false);
  });
});
