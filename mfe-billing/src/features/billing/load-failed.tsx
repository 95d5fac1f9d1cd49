import { MESSAGES, serverMessage } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { EmptyState } from '@portal/shared-ui/data-display';

/**
 * A failed load, announced: what could not be loaded, the server's reason under it when it gave one,
 * and Retry (as shared-ui's lists show a failure).
 */
export function LoadFailed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        title={what}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {MESSAGES.common.retry}
          </Button>
        }
      >
        {serverMessage(error, '')}
      </EmptyState>
    </div>
  );
}
