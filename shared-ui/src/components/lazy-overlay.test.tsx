import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { overlayLoader, useLazyOverlay, type OverlayLoader } from './lazy-overlay';

interface FakeImpl {
  Menu: (props: { open: boolean }) => React.ReactNode;
}

function deferredLoader() {
  let resolve!: (m: FakeImpl) => void;
  const load = vi.fn(() => new Promise<FakeImpl>((r) => (resolve = r)));
  return { loader: overlayLoader(load), load, resolve: (m: FakeImpl) => resolve(m) };
}

function Menu({ loader }: { loader: OverlayLoader<FakeImpl> }) {
  const { impl, openedFirst, placeholder } = useLazyOverlay(loader, <button type="button">Profile</button>, 'menu', false);
  if (!impl) return placeholder;
  return <impl.Menu open={openedFirst} />;
}

const impl: FakeImpl = { Menu: ({ open }) => <div role="menu" aria-label={open ? 'opened' : 'closed'} /> };

describe('an overlay whose code is fetched on first opening', () => {
  it('renders its trigger as a closed menu button and fetches nothing until it is used', () => {
    const { loader, load } = deferredLoader();
    render(<Menu loader={loader} />);
    const trigger = screen.getByRole('button', { name: 'Profile' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the code on the first click and opens once it is there; later ones open at once', async () => {
    const { loader, load, resolve } = deferredLoader();
    const user = userEvent.setup();
    const { unmount } = render(<Menu loader={loader} />);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(load).toHaveBeenCalledTimes(1);
    resolve(impl);
    expect(await screen.findByRole('menu', { name: 'opened' })).toBeInTheDocument();
    unmount();
    render(<Menu loader={loader} />);
    expect(screen.getByRole('menu', { name: 'closed' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens from the keyboard too (Enter, Space, arrows)', async () => {
    const { loader, load, resolve } = deferredLoader();
    const user = userEvent.setup();
    render(<Menu loader={loader} />);
    screen.getByRole('button', { name: 'Profile' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(load).toHaveBeenCalledTimes(1);
    resolve(impl);
    expect(await screen.findByRole('menu', { name: 'opened' })).toBeInTheDocument();
  });

  it('tries again on the next opening when the fetch failed', async () => {
    const load = vi.fn<() => Promise<FakeImpl>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(impl);
    const loader = overlayLoader(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<Menu loader={loader} />);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('menu', { name: 'opened' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
