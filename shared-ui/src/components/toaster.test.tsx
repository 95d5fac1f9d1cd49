import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TIMINGS } from '@portal/shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success toast as a status and removes it after 3000 ms', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show('success', 'Company details saved successfully');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Company details saved successfully');
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps each toast an item of the Notifications list, its live role inside the item', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show('success', 'Saved');
      store.show('error', 'Failed');
    });
    const list = screen.getByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect([...list.children].every((c) => c.tagName === 'LI' && !c.hasAttribute('role'))).toBe(true);
    expect(within(items[0]!).getByRole('status')).toHaveTextContent('Saved');
    expect(within(items[1]!).getByRole('alert')).toHaveTextContent('Failed');
  });

  it('announces errors as alerts and can be dismissed early', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show('error', 'Failed to approve employee.');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to approve employee.');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('holds a toast while the pointer is on it, then gives it the rest of its time', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show('info', 'Copied!');
    });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 1000 - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
