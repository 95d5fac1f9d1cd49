import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { LoadState, Skeleton, type LoadQuery } from './load-state';

const query = <T,>(over: Partial<LoadQuery<T>>): LoadQuery<T> => ({ data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...over });

describe('LoadState', () => {
  it('names what is loading: a spinner, or the skeleton of the content hidden behind a status', () => {
    const { rerender } = render(<LoadState query={query({ isPending: true, fetchStatus: 'fetching' })} loadingLabel="Loading drivers" failedText="x">content</LoadState>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading drivers');
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    rerender(
      <LoadState query={query<number>({ isPending: true })} loadingLabel="Loading figures" failedText="x" skeleton={<Skeleton lines={2} />}>
        {(n) => n}
      </LoadState>,
    );
    expect(screen.getByRole('status', { name: 'Loading figures' })).toHaveAttribute('aria-busy', 'true');
  });

  it('lets plain content through while its query waits for what it needs, but not content made of the answer', () => {
    const waiting = query<number>({ isPending: true, fetchStatus: 'idle' });
    const { rerender } = render(<LoadState query={waiting} loadingLabel="Loading" failedText="x">the form</LoadState>);
    expect(screen.getByText('the form')).toBeInTheDocument();
    rerender(<LoadState query={waiting} loadingLabel="Loading" failedText="x" skeleton={<Skeleton />}>{(n) => `n=${n}`}</LoadState>);
    expect(screen.queryByText(/n=/)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it("announces a page's failure with its title, the server's reason under it when asked, and Retry", async () => {
    const failed = query({ isError: true, error: new ApiError(503, 'The database is restarting.') });
    const { rerender } = render(<LoadState query={failed} loadingLabel="Loading" failedText="Billing could not be loaded.">x</LoadState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Billing could not be loaded.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('restarting');
    rerender(<LoadState query={failed} loadingLabel="Loading" failedText="Billing could not be loaded." failure="page-with-reason">x</LoadState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Billing could not be loaded.The database is restarting.');
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it("says a widget's failure in the server's words, or the fallback, with a small Retry", () => {
    const { rerender } = render(
      <LoadState query={query<number>({ isError: true, error: new ApiError(400, 'Choose a month in the past.') })} loadingLabel="L" failedText="The figures could not be loaded." failure="widget">
        {(n) => n}
      </LoadState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a month in the past.');
    rerender(
      <LoadState query={query<number>({ isError: true, error: new TypeError('Failed to fetch') })} loadingLabel="L" failedText="The figures could not be loaded." failure="widget">
        {(n) => n}
      </LoadState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The figures could not be loaded.');
  });

  it('shows the answer, busy while the next one replaces it', () => {
    const { rerender } = render(<LoadState query={query({ data: 7 })} loadingLabel="L" failedText="x">{(n) => `n=${n}`}</LoadState>);
    expect(screen.getByText('n=7')).not.toHaveAttribute('aria-busy');
    rerender(<LoadState query={query({ data: 7, isPlaceholderData: true })} loadingLabel="L" failedText="x">{(n) => `n=${n}`}</LoadState>);
    expect(screen.getByText('n=7')).toHaveAttribute('aria-busy', 'true');
  });
});
