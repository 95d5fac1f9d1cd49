import { useEffect, type ReactNode } from 'react';
import { LIMITS } from '@portal/shared-contracts/constants';
import type { Page } from '@portal/shared-contracts/entities';
import type { PagedSearch } from '../hooks/use-paged-search';
import { EmptyState } from './card';
import { LoadFailed, Loading, StaleContent } from './load-state';
import { Pagination } from './pagination';
import { SearchBox } from './search-box';
import { Table, type TableColumn } from './table';
import layout from './page-layout.module.css';
import styles from './paged-list.module.css';

/** What a list shows of one page: a server's page answer, or `pageLocally` of a list held in the page. */
export type PageAnswer<T> = Pick<Page<T>, 'items' | 'totalCount' | 'pageNumber' | 'totalPages' | 'hasPreviousPage' | 'hasNextPage'>;

/** The states of the query behind a list (a react-query result fits). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  /** A new page or search is loading while the previous answer stays on screen. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export interface PagedListProps<T> {
  /** The page heading; the total count follows it once known. Lists inside a tab go without. */
  title?: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  /** The list's search, page and filters (`usePagedSearch`). */
  paged: Pick<PagedSearch, 'searchText' | 'setSearchText' | 'setPage'>;
  searchLabel: string;
  searchPlaceholder: string;
  /** Filter controls after the search box. */
  filters?: ReactNode;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string;
  query: ListQueryState;
  page: PageAnswer<T> | undefined;
  loadingLabel: string;
  /** Shown, with Retry, when the query failed. */
  errorText: ReactNode;
  /** Shown in the table when the page has no rows. */
  emptyText: ReactNode;
  /** A line beside the pager about the whole list (e.g. "23 employees"); an empty list says so in the table instead. */
  summary?: (totalCount: number) => ReactNode;
  pagerLabel: string;
}

/** A searchable, paged list: heading with its count, toolbar, table with its loading, error and empty states, "Page X of Y". */
export function PagedList<T>({
  title,
  description,
  paged,
  searchLabel,
  searchPlaceholder,
  filters,
  actions,
  caption,
  columns,
  rowKey,
  query,
  page,
  loadingLabel,
  errorText,
  emptyText,
  summary,
  pagerLabel,
}: PagedListProps<T>) {
  // A kept or shared address may name a page the list no longer has: show its last page instead.
  const lastPage = page && !query.isPlaceholderData && page.pageNumber > Math.max(1, page.totalPages) ? Math.max(1, page.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null) paged.setPage(lastPage);
  }, [lastPage]);

  return (
    <div className={layout.page}>
      {title ? (
        <header className={layout.header}>
          <h1 className={layout.title}>
            {title}
            {page ? (
              <>
                {' '}
                <span className={styles.count}>({page.totalCount})</span>
              </>
            ) : null}
          </h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </header>
      ) : null}
      <div className={styles.toolbar}>
        <SearchBox
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={paged.searchText}
          onChange={(ev) => paged.setSearchText(ev.target.value)}
          containerClassName={styles.search}
        />
        {filters}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {query.isPending ? (
        <Loading label={loadingLabel} />
      ) : query.isError || !page ? (
        <LoadFailed title={errorText} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StaleContent stale={query.isPlaceholderData}>
            <Table caption={caption} hideCaption columns={columns} rows={page.items} rowKey={rowKey} empty={<EmptyState title={emptyText} />} />
          </StaleContent>
          <div className={styles.footer}>
            {summary && page.totalCount > 0 ? <span className={styles.summary}>{summary(page.totalCount)}</span> : null}
            <Pagination
              page={page.pageNumber}
              totalPages={page.totalPages}
              hasPrevious={page.hasPreviousPage}
              hasNext={page.hasNextPage}
              onPageChange={paged.setPage}
              disabled={query.isPlaceholderData}
              label={pagerLabel}
              className={styles.pager}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** One page of a list held in the page (the page number is kept within the pages there are). */
export function pageLocally<T>(items: readonly T[], page: number, pageSize: number = LIMITS.pageSize): PageAnswer<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const pageNumber = Math.min(Math.max(1, page), totalPages);
  return {
    items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    totalCount: items.length,
    pageNumber,
    totalPages,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
