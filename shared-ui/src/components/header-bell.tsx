import type { MouseEvent, ReactNode } from 'react';
import { cx } from './cx';
import { Popover } from './popover';
import { Spinner } from './spinner';
import styles from './header-bell.module.css';

export interface HeaderBellProps {
  /** What waits; the badge shows it (above 99 as "99+") and hides at zero. */
  count: number;
  /** The button's accessible name, which should say the count the badge shows only visually. */
  label: string;
  /** The panel's heading and the popover's name. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While set, the panel shows a spinner announced with this text instead of its list. */
  loading?: string;
  /** When set (and not loading), the panel says this instead of its list: a failure or that nothing waits. */
  message?: string;
  /** The list's rows (`HeaderBellItem`s). */
  children?: ReactNode;
  /** Below the list, e.g. the way to the page that shows everything. */
  footer?: ReactNode;
}

/** A header's bell: a round button with a count badge whose dropdown lists what waits. */
export function HeaderBell({ count, label, title, open, onOpenChange, loading, message, children, footer }: HeaderBellProps) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      align="end"
      label={title}
      className={styles.popover}
      trigger={
        <button type="button" className={styles.bell} aria-label={label}>
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
        <p className={styles.heading}>{title}</p>
        {loading ? (
          <div className={styles.center}>
            <Spinner label={loading} />
          </div>
        ) : message ? (
          <p className={styles.empty}>{message}</p>
        ) : (
          <ul className={styles.list}>{children}</ul>
        )}
        {footer}
      </div>
    </Popover>
  );
}

export interface HeaderBellItemProps {
  children: ReactNode;
  /** Makes the whole row a link to this address. */
  href?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** A row of a bell's list: a link, or content with its own actions. */
export function HeaderBellItem({ children, href, onClick }: HeaderBellItemProps) {
  if (href === undefined) return <li className={styles.item}>{children}</li>;
  return (
    <li>
      <a className={cx(styles.item, styles.link)} href={href} onClick={onClick}>
        {children}
      </a>
    </li>
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
