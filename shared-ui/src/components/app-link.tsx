import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { usePlatform } from '@portal/shared-contracts/platform';
import styles from './app-link.module.css';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route of the portal with its query, e.g. `/company-settings?tab=Incentives`. */
  to: string;
  /** Replaces the link's own look, e.g. for a card that is a link. */
  className?: string;
}

/**
 * A real link to a portal route (a hash URL, so opening it in a new tab works) that navigates
 * through the platform on a plain click: remotes never touch the shell's router.
 */
export function AppLink({ to, onClick, className, ...rest }: AppLinkProps) {
  const { navigate } = usePlatform();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={`#${to}`} onClick={handle} className={className ?? styles.link} {...rest} />;
}
