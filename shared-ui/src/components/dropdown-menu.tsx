import type { ReactElement, ReactNode } from 'react';
import { overlayLoader, useLazyOverlay } from './lazy-overlay';

export interface DropdownMenuItem {
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  /** Draws a separator above this item. */
  separatorBefore?: boolean;
}

export interface DropdownMenuProps {
  /** One focusable element (e.g. a Button); it receives the menu's aria attributes. */
  trigger: ReactElement;
  items: readonly DropdownMenuItem[];
  align?: 'start' | 'center' | 'end';
  label?: string;
}

export const menus = overlayLoader(() => import('./dropdown-menu-radix'));

/**
 * A menu button: arrow keys move, Enter selects, Esc closes and returns focus to the trigger.
 * The menu's code is fetched when a menu first opens.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  const { impl, openedFirst, placeholder } = useLazyOverlay(menus, props.trigger, 'menu', false);
  if (!impl) return placeholder;
  return <impl.RadixDropdownMenu {...props} defaultOpen={openedFirst} />;
}
