import { Pagination } from '@portal/shared-ui/data-display';
import type { Page } from '@portal/shared-contracts';

export interface PagePagerProps {
  page: Pick<Page<unknown>, 'pageNumber' | 'totalPages' | 'hasPreviousPage' | 'hasNextPage'>;
  onPageChange: (page: number) => void;
  /** The next page is on its way: the buttons wait for it. */
  busy?: boolean;
  label: string;
  className?: string;
}

/** Previous / "Page X of Y" / Next of a server's page answer. */
export function PagePager({ page, onPageChange, busy, label, className }: PagePagerProps) {
  return (
    <Pagination
      page={page.pageNumber}
      totalPages={page.totalPages}
      hasPrevious={page.hasPreviousPage}
      hasNext={page.hasNextPage}
      onPageChange={onPageChange}
      disabled={busy}
      label={label}
      className={className}
    />
  );
}
