import { MESSAGES } from '@portal/shared-contracts';
import { Button, Spinner } from '@portal/shared-ui/form';
import { EmptyState } from '@portal/shared-ui/data-display';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from './page-state.module.css';

interface PageStateProps {
  /** What the content is read from; a query that waits for an id (none yet) lets the content through. */
  query: UseQueryResult<unknown>;
  loadingLabel: string;
  children: ReactNode;
}

/** A page's work in progress, in the page's place. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className={styles.center}>
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A page's work that failed, in the page's place, with Retry. */
export function PageFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className={styles.center} role="alert">
      <EmptyState
        title={title}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {MESSAGES.common.retry}
          </Button>
        }
      />
    </div>
  );
}

/** Content that needs the company's data: a spinner while it loads, the failure with a retry, then the content. */
export function PageState({ query, loadingLabel, children }: PageStateProps) {
  if (query.isPending && query.fetchStatus !== 'idle') return <PageLoading label={loadingLabel} />;
  if (query.isError) return <PageFailure title={MESSAGES.company.loadFailed} onRetry={() => void query.refetch()} />;
  return <>{children}</>;
}
