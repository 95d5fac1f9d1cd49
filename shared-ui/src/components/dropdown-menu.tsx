import { overlayLoader, useLazyOverlay } from './lazy-overlay';
import type { DropdownMenuProps } from './dropdown-menu-props';

export type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-props';

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
