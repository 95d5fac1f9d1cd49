import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, PlatformContext, type Platform } from '@portal/shared-contracts';
import { usePagedSearch, type PagedSearchOptions } from '../hooks/use-paged-search';
import { PagedList, pageLocally, type ListQueryState } from './paged-list';
import type { TableColumn } from './table';

/** A shell stand-in whose location follows navigate(), as the hash router does. */
function renderAt(url: string, ui: ReactNode) {
  const navigate = vi.fn<Platform['navigate']>();
  let go: (to: string) => void = () => {};
  function MemoryPlatform({ children }: { children: ReactNode }) {
    const [current, setCurrent] = useState(url);
    go = setCurrent;
    const [pathname, search = ''] = current.split('?');
    const platform = {
      navigate: (to: string, options?: { replace?: boolean }) => {
        navigate(to, options);
        setCurrent(to);
      },
      location: { pathname: pathname!, search: search ? `?${search}` : '', query: new URLSearchParams(search) },
    } as Platform;
    return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
  }
  const user = userEvent.setup();
  const utils = render(<MemoryPlatform>{ui}</MemoryPlatform>);
  return { ...utils, user, navigate, lastUrl: () => navigate.mock.lastCall?.[0], visit: (to: string) => act(() => go(to)) };
}

interface Person {
  id: string;
  name: string;
  role: string;
}

const PEOPLE: Person[] = Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), name: `Person ${String(i + 1).padStart(2, '0')}`, role: i % 2 ? 'Driver' : 'Passenger' }));
const COLUMNS: TableColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (p) => p.name },
  { key: 'role', header: 'Role', cell: (p) => p.role },
];
const READY: ListQueryState = { isPending: false, isError: false, refetch: () => {} };

/** A list searched and filtered like a server would, recording every search it was asked for. */
function People({ label, applied = [], ...options }: PagedSearchOptions<{ role: string }> & { label: string; applied?: string[] }) {
  const paged = usePagedSearch({ filters: { role: 'All' }, ...options });
  if (applied.at(-1) !== paged.search) applied.push(paged.search);
  const rows = PEOPLE.filter((p) => p.name.toLowerCase().includes(paged.search.toLowerCase())).filter(
    (p) => paged.filters.role === 'All' || p.role === paged.filters.role,
  );
  return (
    <PagedList
      title={label}
      paged={paged}
      searchLabel={`Search ${label}`}
      searchPlaceholder="Search by name"
      filters={
        <select aria-label={`${label} role`} value={paged.filters.role} onChange={(e) => paged.setFilter('role', e.target.value)}>
          <option>All</option>
          <option>Driver</option>
          <option>Passenger</option>
        </select>
      }
      caption={label}
      columns={COLUMNS}
      rowKey={(p) => p.id}
      query={READY}
      page={pageLocally(rows, paged.page)}
      loadingLabel="Loading people"
      errorText="Could not load people."
      emptyText="No people match your search."
      pagerLabel={`${label} pages`}
    />
  );
}

describe('usePagedSearch with PagedList', () => {
  it('applies the search once typing rests, trimmed, and starts again from page 1', async () => {
    const applied: string[] = [];
    // A long rest, so that a slow machine does not pause that long between two keys.
    const { user, lastUrl } = renderAt('/people', <People label="People" applied={applied} debounceMs={1000} />);
    expect(screen.getByRole('heading', { name: 'People (25)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastUrl()).toBe('/people?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), ' person ');
    expect(applied).toEqual(['']);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeInTheDocument(), { timeout: 3000 });
    expect(applied).toEqual(['', 'person']);
    expect(screen.getByRole('searchbox', { name: 'Search People' })).toHaveValue(' person ');
    // The address is written by an effect after the render that shows page 1.
    await waitFor(() => expect(lastUrl()).toBe('/people?search=person'));
  });

  it('keeps the state in the URL without remounting: the search box keeps its focus', async () => {
    const { user, lastUrl, navigate } = renderAt('/people', <People label="People" />);
    const box = screen.getByRole('searchbox', { name: 'Search People' });
    await user.type(box, 'Person 2');
    await waitFor(() => expect(lastUrl()).toBe('/people?search=Person+2'));
    expect(navigate).toHaveBeenLastCalledWith('/people?search=Person+2', { replace: true });
    expect(screen.getByRole('searchbox', { name: 'Search People' })).toBe(box);
    expect(box).toHaveFocus();
    await user.type(box, '1');
    await waitFor(() => expect(lastUrl()).toBe('/people?search=Person+21'));
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('opens on the page, search and filter of the URL and leaves other query keys alone', async () => {
    const { user, lastUrl } = renderAt('/people?tab=list&page=2&search=person&role=Driver', <People label="People" />);
    expect(screen.getByRole('searchbox', { name: 'Search People' })).toHaveValue('person');
    expect(screen.getByRole('combobox', { name: 'People role' })).toHaveValue('Driver');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Person 24')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'People role' }), 'All');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // The default filter and page 1 stay out of the URL.
    expect(lastUrl()).toBe('/people?tab=list&search=person');
  });

  it('ignores a page in the URL that is not a page number', () => {
    const { lastUrl } = renderAt('/people?page=two&role=Driver', <People label="People" />);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(lastUrl()).toBe('/people?role=Driver');
  });

  it('takes over a link to the route opened from elsewhere', async () => {
    const { user, visit } = renderAt('/people', <People label="People" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    visit('/people?search=Person+0');
    expect(screen.getByRole('searchbox', { name: 'Search People' })).toHaveValue('Person 0');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(10);
  });

  it('keeps two lists on one route apart by their prefix', async () => {
    const { user, lastUrl } = renderAt(
      '/people?others.page=3',
      <>
        <People label="Staff" />
        <People label="Others" param="others" debounceMs={0} />
      </>,
    );
    const staff = screen.getByRole('navigation', { name: 'Staff pages' });
    const others = screen.getByRole('navigation', { name: 'Others pages' });
    expect(within(staff).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(others).getByText('Page 3 of 3')).toBeInTheDocument();

    await user.click(within(staff).getByRole('button', { name: 'Next' }));
    expect(lastUrl()).toBe('/people?others.page=3&page=2');
    // A list searched in the page applies each key at once.
    await user.type(screen.getByRole('searchbox', { name: 'Search Others' }), '25');
    expect(within(others).getByText('Page 1 of 1')).toBeInTheDocument();
    expect(within(staff).getByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(lastUrl()).toBe('/people?page=2&others.search=25'));
  });
});

describe('PagedList states', () => {
  const base = {
    paged: { searchText: '', setSearchText: () => {}, setPage: () => {} },
    searchLabel: 'Search people',
    searchPlaceholder: 'Search',
    caption: 'People',
    columns: COLUMNS,
    rowKey: (p: Person) => p.id,
    loadingLabel: 'Loading people',
    errorText: 'Could not load people.',
    emptyText: 'No people yet.',
    pagerLabel: 'People pages',
  };

  it('shows a spinner while the first page loads', () => {
    render(<PagedList {...base} title="People" query={{ ...READY, isPending: true }} page={undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading people');
    expect(screen.getByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with Retry', async () => {
    const refetch = vi.fn();
    render(<PagedList {...base} query={{ ...READY, isError: true, refetch }} page={undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load people.');
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says when there are no rows, with the count and a single page', () => {
    render(<PagedList {...base} title="People" summary={(n) => `${n} people`} query={READY} page={pageLocally([], 1)} />);
    expect(screen.getByText('No people yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'People (0)' })).toBeInTheDocument();
    expect(screen.queryByText('0 people')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('sums up the whole list beside the pager', () => {
    render(<PagedList {...base} summary={(n) => `${n} people`} query={READY} page={pageLocally(PEOPLE, 2)} />);
    expect(screen.getByText('25 people')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('goes to the last page when the answer names a page the list no longer has', () => {
    const setPage = vi.fn();
    const beyond = { items: [], totalCount: 25, pageNumber: 7, totalPages: 3, hasPreviousPage: true, hasNextPage: false };
    render(<PagedList {...base} paged={{ ...base.paged, setPage }} query={READY} page={beyond} />);
    expect(setPage).toHaveBeenCalledWith(3);
  });

  it('dims the previous page and holds the pager while the next one loads', () => {
    render(<PagedList {...base} query={{ ...READY, isPlaceholderData: true }} page={pageLocally(PEOPLE, 1)} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull();
  });
});

describe('pageLocally', () => {
  it('cuts the page and keeps the page number within the pages there are', () => {
    expect(pageLocally(PEOPLE, 3)).toMatchObject({ totalCount: 25, pageNumber: 3, totalPages: 3, hasPreviousPage: true, hasNextPage: false });
    expect(pageLocally(PEOPLE, 3).items.map((p) => p.id)).toEqual(['21', '22', '23', '24', '25']);
    expect(pageLocally(PEOPLE, 9).pageNumber).toBe(3);
    expect(pageLocally([], 2)).toMatchObject({ items: [], pageNumber: 1, totalPages: 1, hasNextPage: false });
  });
});
