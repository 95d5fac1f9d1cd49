import { MESSAGES } from '@portal/shared-contracts';
import { Button, EmptyState, Spinner } from '@portal/shared-ui';
import styles from './page-state.module.css';

export function PageLoading({ label }: { label: string }) {
  return (
    <div className={styles.center}>
      <Spinner size="lg" label={label} />
    </div>
  );
}

export function PageError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={styles.center} role="alert">
      <EmptyState
        title={message}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {MESSAGES.common.retry}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
