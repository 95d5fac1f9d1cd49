import { MESSAGES } from '@portal/shared-contracts';
import { Button, EmptyState, Spinner } from '@portal/shared-ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from './page-state.module.css';

interface PageStateProps {
  /** What the content is read from; a query that waits for an id (none yet) lets the content through. */
  query: UseQueryResult<unknown>;
  loadingLabel: string;
  children: ReactNode;
}

/** Content that needs the company's data: a spinner while it loads, the failure with a retry, then the content. */
export function PageState({ query, loadingLabel, children }: PageStateProps) {
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div className={styles.center}>
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.center} role="alert">
        <EmptyState
          title={MESSAGES.company.loadFailed}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {MESSAGES.common.retry}
            </Button>
          }
        />
      </div>
    );
  }
  return <>{children}</>;
}
