import { useState } from 'react';
import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { Popover, Spinner } from '@portal/shared-ui';
import { useNotifications } from '../../api/get-notifications';
import styles from './notifications-bell.module.css';

const REFRESH_MS = 60_000;
const COPY = MESSAGES.driverScreens.bell;

/**
 * The super admin's notification bell: the badge counts what waits (drivers and vehicles to verify,
 * follow-ups due, new employers) and the dropdown links each kind to the list that shows it.
 */
export function NotificationsBell() {
  const { session, navigate } = usePlatform();
  const enabled = session?.role === 'SuperAdmin';
  const summary = useNotifications({ enabled, refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState(false);
  const count = enabled ? (summary.data?.count ?? 0) : 0;
  const items = summary.data?.items ?? [];

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      label={MESSAGES.notifications.title}
      className={styles.popover}
      trigger={
        <button type="button" className={styles.bell} aria-label={COPY.label(count)}>
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
        <p className={styles.heading}>{MESSAGES.notifications.title}</p>
        {enabled && summary.isPending ? (
          <div className={styles.center}>
            <Spinner label={COPY.loading} />
          </div>
        ) : enabled && summary.isError ? (
          <p className={styles.empty}>{COPY.loadFailed}</p>
        ) : items.length === 0 ? (
          <p className={styles.empty}>{MESSAGES.notifications.none}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.kind}>
                <a
                  className={styles.item}
                  href={`#${item.link}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(false);
                    navigate(item.link);
                  }}
                >
                  <span className={styles.itemText}>{item.text}</span>
                  <ChevronIcon />
                </a>
              </li>
            ))}
          </ul>
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

function ChevronIcon() {
  return (
    <svg className={styles.chevron} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
