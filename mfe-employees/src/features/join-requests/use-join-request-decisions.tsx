import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@portal/shared-ui';
import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { useAcceptEmployee } from '../../api/accept-employee';
import { useBulkAcceptEmployees } from '../../api/bulk-accept-employees';
import { useRejectEmployee } from '../../api/reject-employee';
import { errorMessage } from '../../lib/errors';

type Asked = { kind: 'reject'; ids: string[] } | { kind: 'verify'; id: string };

export interface JoinRequestDecisions {
  /** Asks "Are you sure you want to reject this user?" then rejects each id. */
  askReject: (ids: string[]) => void;
  /** Asks "Are you sure you want to verify this user?" then approves the id. */
  askVerify: (id: string) => void;
  /** Approves several requests at once (no confirmation, as in the spec). Resolves true on success. */
  approveSelected: (ids: string[]) => Promise<boolean>;
  busy: boolean;
  /** The confirmation dialog; render it once, outside any popover. */
  dialog: ReactNode;
}

/** The single and bulk decisions on join requests, shared by the Pending Requests tab and the header bell. */
export function useJoinRequestDecisions(onDecided?: (ids: string[]) => void): JoinRequestDecisions {
  const { toast } = usePlatform();
  const accept = useAcceptEmployee();
  const reject = useRejectEmployee();
  const bulkAccept = useBulkAcceptEmployees();
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
      toast.error(errorMessage(err, asked.kind === 'verify' ? MESSAGES.employees.approveFailed : MESSAGES.employees.rejectFailed));
    } finally {
      setRunning(false);
      setAsked(null);
    }
  }

  async function approveSelected(ids: string[]): Promise<boolean> {
    if (ids.length === 0) {
      toast.error(MESSAGES.employees.selectToApprove);
      return false;
    }
    try {
      await bulkAccept.mutateAsync(ids);
      toast.success(MESSAGES.employees.bulkApproved);
      onDecided?.(ids);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.employees.bulkApproveFailed));
      return false;
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
      cancelLabel="Cancel"
      confirmLabel={asked?.kind === 'verify' ? 'Verify' : 'Confirm'}
      tone={asked?.kind === 'verify' ? 'default' : 'danger'}
      busy={running}
      onConfirm={() => void confirm()}
    />
  );

  return {
    askReject: (ids) => ids.length > 0 && setAsked({ kind: 'reject', ids }),
    askVerify: (id) => setAsked({ kind: 'verify', id }),
    approveSelected,
    busy: running || bulkAccept.isPending,
    dialog,
  };
}
