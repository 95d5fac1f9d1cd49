import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HeaderBell, HeaderBellItem, type HeaderBellProps } from './header-bell';

function Bell(props: Omit<HeaderBellProps, 'open' | 'onOpenChange' | 'title'>) {
  const [open, setOpen] = useState(false);
  return <HeaderBell {...props} title="Requests" open={open} onOpenChange={setOpen} />;
}

describe('HeaderBell', () => {
  it('names the button, shows the count in a badge and opens the list under a heading', async () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Bell count={2} label="Requests, 2 waiting" footer={<button type="button">See all</button>}>
        <HeaderBellItem href="#/one" onClick={onClick}>
          One
        </HeaderBellItem>
        <HeaderBellItem>
          Two <button type="button">Accept</button>
        </HeaderBellItem>
      </Bell>,
    );
    const bell = screen.getByRole('button', { name: 'Requests, 2 waiting' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Requests' });
    expect(within(panel).getByText('Requests')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'One' })).toHaveAttribute('href', '#/one');
    expect(within(panel).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'See all' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: 'One' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('caps the badge at 99+ and hides it at zero', () => {
    const { rerender } = render(<Bell count={120} label="Requests" />);
    expect(within(screen.getByRole('button', { name: 'Requests' })).getByText('99+')).toBeInTheDocument();
    rerender(<Bell count={0} label="Requests" />);
    expect(within(screen.getByRole('button', { name: 'Requests' })).queryByText(/\d/)).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then a message in place of the list', async () => {
    const { rerender } = render(<Bell count={0} label="Requests" loading="Loading requests" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Requests' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading requests');
    rerender(<Bell count={0} label="Requests" message="Nothing waits." />);
    await waitFor(() => expect(screen.getByText('Nothing waits.')).toBeInTheDocument());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
