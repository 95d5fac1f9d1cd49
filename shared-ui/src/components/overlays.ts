import { menus } from './dropdown-menu';
import { dialogs } from './modal';
import { popovers } from './popover';

/**
 * Fetches the code of menus, popovers and modals before one opens: when the browser is idle after a
 * page has rendered, and in tests, where an overlay then opens in the same render as in a warm page.
 */
export async function preloadOverlays(): Promise<void> {
  await Promise.all([menus.load(), dialogs.load(), popovers.load()]);
}
