import { useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { HeaderBell, HeaderBellItem } from '@portal/shared-ui/overlays';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { usePendingEmployees } from '../../api/get-pending-employees';
import { JoinRequestActions } from '../../shared/join-request-actions';
import styles from './join-requests-bell.module.css';

const REFRESH_MS = 60_000;
/** The popover lists the oldest few; the rest are one click away in Pending Requests. */
const MAX_LISTED = 20;

/** The header's notification bell: pending join requests with Reject and Verify. */
export function JoinRequestsBell() {
  const { session, navigate } = usePlatform();
  // No company yet (setup not finished) or not an employer user: a quiet bell, no calls.
  const enabled = Boolean(session?.employerId) && (session?.role === 'Employer' || session?.role === 'Admin');
  const pending = usePendingEmployees({ enabled, refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState(false);
  const items = enabled ? (pending.data ?? []) : [];
  const count = items.length;

  return (
    <HeaderBell
      count={count}
      label={count > 0 ? MESSAGES.employees.bellLabel(count) : MESSAGES.employees.bellTitle}
      title={MESSAGES.employees.bellTitle}
      open={open}
      onOpenChange={setOpen}
      loading={enabled && pending.isPending ? MESSAGES.employees.bellLoading : undefined}
      message={enabled && pending.isError ? MESSAGES.employees.pendingLoadFailed : count === 0 ? MESSAGES.employees.noPending : undefined}
      footer={
        count > 0 && (
          <Button
            variant="link"
            size="sm"
            className={styles.all}
            onClick={() => {
              setOpen(false);
              navigate(`${ROUTES.employeeManagement}?tab=pending-requests`);
            }}
          >
            {count > MAX_LISTED ? MESSAGES.employees.bellViewAll(count) : MESSAGES.employees.bellOpenPending}
          </Button>
        )
      }
    >
      {items.slice(0, MAX_LISTED).map((e) => (
        <HeaderBellItem key={e.id}>
          <div className={styles.who}>
            <span className={styles.name} title={fullName(e)}>
              {fullName(e)}
            </span>
            <span className={styles.email} title={e.email}>
              {e.email}
            </span>
          </div>
          <JoinRequestActions request={e} />
        </HeaderBellItem>
      ))}
    </HeaderBell>
  );
}
