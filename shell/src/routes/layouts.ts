import type { Area } from './remote-route';

/**
 * The signed-in areas' layouts (navigation, profile menu, help): fetched when one is first shown, or
 * ahead of it by a signed-in first visit's early warm (`warmLayoutOf`). Not on the login page's path.
 */
export const LAYOUTS = {
  employer: () => import('../layouts/employer-layout'),
  superAdmin: () => import('../layouts/super-admin-layout'),
  setup: () => import('../layouts/setup-layout'),
} as const;

/**
 * Fetches (and runs, which only defines its components) the layout of a signed-in area, with the
 * shared entries it consumes (the messages among them), so that it is in when the session restore
 * ends rather than requested then. A failure is left to the layout's own load.
 */
export function warmLayoutOf(area: Area): void {
  if (area !== 'public') LAYOUTS[area]().catch(() => {});
}
