import type { ReactNode } from 'react';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { MESSAGES, serverMessage } from '@portal/shared-contracts';
import styles from './shared.module.css';

/** The states of the query behind a widget (a react-query result fits). */
export interface LoadQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** A new month or page is loading while the previous answer stays on screen. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/**
 * What every widget shows of its query: the skeleton of its content while the first answer loads,
 * the failure with Retry (announced, not only logged), then the content, dimmed while the next
 * answer replaces it.
 */
export function LoadState<T>({ query, skeleton, children }: { query: LoadQuery<T>; skeleton: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={MESSAGES.insights.loading} aria-busy="true" className={styles.loading}>
        <VisuallyHidden>{MESSAGES.insights.loading}</VisuallyHidden>
        <div aria-hidden="true">{skeleton}</div>
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className={styles.failed}>
        <p>{serverMessage(query.error, MESSAGES.insights.loadFailed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {MESSAGES.common.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className={query.isPlaceholderData ? styles.stale : undefined} aria-busy={query.isPlaceholderData || undefined}>
      {children(query.data)}
    </div>
  );
}

/** Grey bars in the shape of what is loading: lines of text, big figures, table rows or a chart. */
export function Skeleton({ lines = 3, shape = 'line' }: { lines?: number; shape?: 'line' | 'figure' | 'row' | 'chart' }) {
  return (
    <div className={styles.skeleton}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={`${styles.bar} ${styles[shape]}`} />
      ))}
    </div>
  );
}
