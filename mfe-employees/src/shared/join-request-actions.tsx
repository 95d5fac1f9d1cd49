import { Button } from '@portal/shared-ui/form';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Employee } from '@portal/shared-contracts';
import { useJoinRequestDecisions } from './use-join-request-decisions';
import styles from './join-request-actions.module.css';

export interface JoinRequestActionsProps {
  request: Pick<Employee, 'id' | 'firstName' | 'lastName' | 'isErased'>;
  /** Told once the request is decided (e.g. to drop it from a selection). */
  onDecided?: (ids: string[]) => void;
}

/**
 * Reject and Verify of one join request, each with its confirmation and toasts (header bell and
 * Pending Requests); on an erased person's request, why neither is offered (the api refuses both).
 */
export function JoinRequestActions({ request, onDecided }: JoinRequestActionsProps) {
  const decisions = useJoinRequestDecisions(onDecided);
  const name = fullName(request);
  if (request.isErased) return <span className={styles.erased}>{MESSAGES.dataRights.erasedRequestHint}</span>;
  return (
    <span className={styles.actions}>
      <Button size="sm" variant="secondary" onClick={() => decisions.askReject([request])} aria-label={MESSAGES.employees.rejectOne(name)}>
        {MESSAGES.labels.reject}
      </Button>
      <Button size="sm" onClick={() => decisions.askVerify(request.id)} aria-label={MESSAGES.employees.verifyOne(name)}>
        {MESSAGES.labels.verify}
      </Button>
      {decisions.dialog}
    </span>
  );
}
