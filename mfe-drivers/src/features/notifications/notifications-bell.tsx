import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import { HeaderBell, HeaderBellItem } from '@portal/shared-ui/overlays';
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
    <HeaderBell
      count={count}
      label={COPY.label(count)}
      title={MESSAGES.notifications.title}
      open={open}
      onOpenChange={setOpen}
      loading={enabled && summary.isPending ? COPY.loading : undefined}
      message={enabled && summary.isError ? COPY.loadFailed : items.length === 0 ? MESSAGES.notifications.none : undefined}
    >
      {items.map((item) => (
        <HeaderBellItem
          key={item.kind}
          href={`#${item.link}`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(false);
            navigate(item.link);
          }}
        >
          <span className={styles.itemText}>{item.text}</span>
          <ChevronIcon />
        </HeaderBellItem>
      ))}
    </HeaderBell>
  );
}

function ChevronIcon() {
  return (
    <svg className={styles.chevron} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
