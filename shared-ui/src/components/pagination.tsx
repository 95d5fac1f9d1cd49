import { LABEL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/labels';
import styles from './pagination.module.css';
import { Button } from './button';
import { cx } from './cx';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Override the server's hasPreviousPage / hasNextPage when known. */
  hasPrevious?: boolean;
  hasNext?: boolean;
  disabled?: boolean;
  label?: string;
  className?: string;
}

/** Previous / "Page X of Y" / Next. */
export function Pagination({ page, totalPages, onPageChange, hasPrevious, hasNext, disabled = false, label = 'Pagination', className }: PaginationProps) {
  const total = Math.max(1, totalPages);
  const canPrev = (hasPrevious ?? page > 1) && !disabled;
  const canNext = (hasNext ?? page < total) && !disabled;
  return (
    <nav className={cx(styles.nav, className)} aria-label={label}>
      <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={!canPrev}>
        {MESSAGES.labels.previous}
      </Button>
      <span className={styles.status} aria-live="polite">
        {MESSAGES.labels.pageXofY(page, total)}
      </span>
      <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={!canNext}>
        {MESSAGES.labels.next}
      </Button>
    </nav>
  );
}
