import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@portal/shared-ui';
import { MESSAGES, serverMessage, usePlatform } from '@portal/shared-contracts';
import { useAcceptEmployeeMutation } from '../api/accept-employee';
import { useRejectEmployeeMutation } from '../api/reject-employee';

type Asked = { kind: 'reject'; ids: string[] } | { kind: 'verify'; id: string };

export interface JoinRequestDecisions {
  /** Asks "Are you sure you want to reject this user?" then rejects each id. */
  askReject: (ids: string[]) => void;
  /** Asks "Are you sure you want to verify this user?" then approves the id. */
  askVerify: (id: string) => void;
  /** The confirmation dialog, to render once beside the buttons that ask. */
  dialog: ReactNode;
}

/** Reject and Verify of join requests, each after its confirmation, with the spec's toasts. */
export function useJoinRequestDecisions(onDecided?: (ids: string[]) => void): JoinRequestDecisions {
  const { toast } = usePlatform();
  const accept = useAcceptEmployeeMutation();
  const reject = useRejectEmployeeMutation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [running, setRunning] = useState(false);

  async function confirm() {
    if (!asked) return;
    setRunning(true);
    try {
      if (asked.kind === 'verify') {
        await accept.mutateAsync(asked.id);
        toast.success(MESSAGES.employees.approved);
        onDecided?.([asked.id]);
      } else {
        // There is no bulk reject call: one call per request, stopping at the first refusal.
        for (const id of asked.ids) await reject.mutateAsync(id);
        toast.success(MESSAGES.employees.rejected);
        onDecided?.(asked.ids);
      }
    } catch (err) {
      toast.error(serverMessage(err, asked.kind === 'verify' ? MESSAGES.employees.approveFailed : MESSAGES.employees.rejectFailed));
    } finally {
      setRunning(false);
      setAsked(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => {
        if (!open && !running) setAsked(null);
      }}
      title={asked?.kind === 'verify' ? 'Verify join request' : 'Reject join request'}
      message={asked?.kind === 'verify' ? MESSAGES.employees.confirmVerify : MESSAGES.employees.confirmReject}
      cancelLabel={MESSAGES.labels.cancel}
      confirmLabel={asked?.kind === 'verify' ? MESSAGES.labels.verify : MESSAGES.labels.confirm}
      tone={asked?.kind === 'verify' ? 'default' : 'danger'}
      busy={running}
      onConfirm={() => void confirm()}
    />
  );

  return {
    askReject: (ids) => ids.length > 0 && setAsked({ kind: 'reject', ids }),
    askVerify: (id) => setAsked({ kind: 'verify', id }),
    dialog,
  };
}
