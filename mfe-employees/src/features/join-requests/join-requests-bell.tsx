import { useState } from 'react';
import { Button, Popover, Spinner } from '@portal/shared-ui';
import { MESSAGES, ROUTES, usePlatform } from '@portal/shared-contracts';
import { usePendingEmployees } from '../../api/get-pending-employees';
import { fullName } from '../../shared/format';
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
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      label="Join requests"
      className={styles.popover}
      trigger={
        <button type="button" className={styles.bell} aria-label={count > 0 ? `Join requests, ${count} pending` : 'Join requests'}>
          <BellIcon />
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </button>
      }
    >
      <div className={styles.panel}>
        <p className={styles.heading}>Join requests</p>
        {enabled && pending.isPending ? (
          <div className={styles.center}>
            <Spinner label="Loading join requests" />
          </div>
        ) : enabled && pending.isError ? (
          <p className={styles.empty}>{MESSAGES.employees.pendingLoadFailed}</p>
        ) : count === 0 ? (
          <p className={styles.empty}>{MESSAGES.employees.noPending}</p>
        ) : (
          <ul className={styles.list}>
            {items.slice(0, MAX_LISTED).map((e) => (
              <li key={e.id} className={styles.item}>
                <div className={styles.who}>
                  <span className={styles.name} title={fullName(e)}>
                    {fullName(e)}
                  </span>
                  <span className={styles.email} title={e.email}>
                    {e.email}
                  </span>
                </div>
                <JoinRequestActions request={e} />
              </li>
            ))}
          </ul>
        )}
        {count > 0 && (
          <Button
            variant="link"
            size="sm"
            className={styles.all}
            onClick={() => {
              setOpen(false);
              navigate(`${ROUTES.employeeManagement}?tab=pending-requests`);
            }}
          >
            {count > MAX_LISTED ? `View all ${count} requests` : 'Open Pending Requests'}
          </Button>
        )}
      </div>
    </Popover>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 003.4 0" />
    </svg>
  );
}
