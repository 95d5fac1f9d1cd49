import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Employee } from '@portal/shared-contracts';
import { useAcceptEmployeeMutation } from '../api/accept-employee';
import { useBulkRejectEmployeesMutation } from '../api/bulk-reject-employees';
import { useRejectEmployeeMutation } from '../api/reject-employee';

export type JoinRequest = Pick<Employee, 'id' | 'firstName' | 'lastName'>;

type Asked = { kind: 'reject'; requests: JoinRequest[] } | { kind: 'verify'; id: string };

export interface JoinRequestDecisions {
  /**
   * Asks before rejecting: one request with the spec's "Are you sure you want to reject this
   * user?", several with their count and names; then rejects them in one call.
   */
  askReject: (requests: JoinRequest[]) => void;
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
  const bulkReject = useBulkRejectEmployeesMutation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [running, setRunning] = useState(false);
  const many = asked?.kind === 'reject' && asked.requests.length > 1;

  async function confirm() {
    if (!asked) return;
    setRunning(true);
    try {
      if (asked.kind === 'verify') {
        await accept.mutateAsync(asked.id);
        toast.success(MESSAGES.employees.approved);
        onDecided?.([asked.id]);
      } else {
        const ids = asked.requests.map((r) => r.id);
        if (ids.length === 1) await reject.mutateAsync(ids[0]!);
        else await bulkReject.mutateAsync(ids);
        toast.success(ids.length === 1 ? MESSAGES.employees.rejected : MESSAGES.joinRequests.rejectedMany);
        onDecided?.(ids);
      }
    } catch (err) {
      const fallback = asked.kind === 'verify' ? MESSAGES.employees.approveFailed : many ? MESSAGES.joinRequests.rejectManyFailed : MESSAGES.employees.rejectFailed;
      toast.error(serverMessage(err, fallback));
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
      title={
        asked?.kind === 'verify'
          ? MESSAGES.joinRequests.verifyTitle
          : many
            ? MESSAGES.joinRequests.rejectManyTitle(asked.requests.length)
            : MESSAGES.joinRequests.rejectTitle
      }
      message={
        asked?.kind === 'verify'
          ? MESSAGES.employees.confirmVerify
          : many
            ? MESSAGES.joinRequests.confirmRejectMany(asked.requests.map(fullName))
            : MESSAGES.employees.confirmReject
      }
      cancelLabel={MESSAGES.labels.cancel}
      confirmLabel={asked?.kind === 'verify' ? MESSAGES.labels.verify : MESSAGES.labels.confirm}
      tone={asked?.kind === 'verify' ? 'default' : 'danger'}
      busy={running}
      onConfirm={() => void confirm()}
    />
  );

  return {
    askReject: (requests) => requests.length > 0 && setAsked({ kind: 'reject', requests }),
    askVerify: (id) => setAsked({ kind: 'verify', id }),
    dialog,
  };
}
