import { useEffect, type ReactNode } from 'react';
import type { Page } from '@portal/shared-contracts';
import { LoadState, Skeleton, Table, type LoadQuery, type TableColumn } from '@portal/shared-ui/data-display';
import { WIDGET_LOAD } from './widget-load';
import { PagePager } from './page-pager';
import styles from './shared.module.css';

export interface PagedTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string;
  query: LoadQuery<Page<T>>;
  onPageChange: (page: number) => void;
  /** Shown in the table when the page has no rows. */
  emptyText: ReactNode;
  pagerLabel: string;
  /** A line beside the pager about the whole list. */
  summary?: (totalCount: number) => ReactNode;
}

/** A server-paged table with its loading, failure and empty states; it scrolls inside its own box on a narrow screen. */
export function PagedTable<T>({ caption, columns, rowKey, query, onPageChange, emptyText, pagerLabel, summary }: PagedTableProps<T>) {
  // A page the list no longer has (its last row deleted, or a kept address): show the last one instead.
  const page = query.data;
  const lastPage = page && !query.isPlaceholderData && page.pageNumber > Math.max(1, page.totalPages) ? Math.max(1, page.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null) onPageChange(lastPage);
  }, [lastPage]);
  return (
    <LoadState query={query} {...WIDGET_LOAD} skeleton={<Skeleton lines={5} shape="row" />}>
      {(page) => (
        <>
          <Table caption={caption} hideCaption columns={columns} rows={page.items} rowKey={rowKey} empty={emptyText} />
          {page.totalCount > 0 ? (
            <div className={`${styles.spread} ${styles.pager}`}>
              <span className={styles.note}>{summary?.(page.totalCount)}</span>
              <PagePager page={page} onPageChange={onPageChange} busy={query.isPlaceholderData} label={pagerLabel} />
            </div>
          ) : null}
        </>
      )}
    </LoadState>
  );
}

