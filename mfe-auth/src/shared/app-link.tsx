import { usePlatform } from '@portal/shared-contracts/platform';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import styles from './app-link.module.css';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  /** A route of the portal, e.g. `/forgot-password`. */
  to: string;
}

/**
 * A real link to a portal route (hash URL, so open-in-new-tab works) that navigates through the
 * platform on a plain click: remotes do not touch the shell's router directly.
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const platform = usePlatform();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    platform.navigate(to);
  };
  return <a href={`#${to}`} onClick={handle} className={styles.link} {...rest} />;
}
