import { MESSAGES, serverMessage } from '@portal/shared-contracts';
import { Button, EmptyState } from '@portal/shared-ui';

/** A failed load, announced, with the server's reason when it gave one and Retry (as shared-ui's lists show it). */
export function LoadFailed({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        title={serverMessage(error, fallback)}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {MESSAGES.common.retry}
          </Button>
        }
      />
    </div>
  );
}
