import { useContext } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '@portal/shared-ui/form';
import { RegistryContext } from '../remotes/remote-slot';
import { warmRoute } from './idle-preload';

interface NavLinkItemProps {
  to: string;
  label: string;
  /** Other paths on which this link counts as the current page (e.g. the two drivers sub-lists). */
  alsoActiveOn?: readonly string[];
  className?: string;
  activeClassName?: string;
  icon?: React.ReactNode;
}

/** A nav link that warms its page's remote module on hover or focus. */
export function NavLinkItem({ to, label, alsoActiveOn = [], className, activeClassName, icon }: NavLinkItemProps) {
  const registry = useContext(RegistryContext);
  const { pathname } = useLocation();
  const warm = () => warmRoute(registry, to);
  const active = pathname === to || alsoActiveOn.includes(pathname);
  return (
    <Link
      to={to}
      className={cx(className, active && activeClassName)}
      aria-current={active ? 'page' : undefined}
      onMouseEnter={warm}
      onFocus={warm}
    >
      {icon}
      <span>{label}</span>
    </Link>
  );
}

interface NavTab {
  to: string;
  label: string;
  alsoActiveOn?: readonly string[];
}

/** A labelled row of nav links (the employer tab nav, the super-admin section tabs). */
export function TabNav({
  id,
  label,
  tabs,
  className,
  tabClassName,
  activeClassName,
  onKeyDown,
  onClick,
}: {
  id?: string;
  label: string;
  tabs: readonly NavTab[];
  className?: string;
  tabClassName?: string;
  activeClassName?: string;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  onClick?: (event: React.MouseEvent) => void;
}) {
  return (
    <nav id={id} className={className} aria-label={label} onKeyDown={onKeyDown} onClick={onClick}>
      {tabs.map((t) => (
        <NavLinkItem key={t.to} to={t.to} label={t.label} alsoActiveOn={t.alsoActiveOn} className={tabClassName} activeClassName={activeClassName} />
      ))}
    </nav>
  );
}
