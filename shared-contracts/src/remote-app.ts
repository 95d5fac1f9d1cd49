// The rules a remote added after the shell was built must meet (docs/decisions/0050), kept free of
// zod and React: the shell's start-up and the release reader run them, and scripts/create-remote.mjs
// applies the same patterns (tests/create-remote.test.mjs checks that they agree).

/** The areas an added remote may draw pages in: the signed-in layouts; never the public pages. */
export const ADDED_REMOTE_AREAS = ['setup', 'employer', 'superAdmin'] as const;
export type AddedRemoteArea = (typeof ADDED_REMOTE_AREAS)[number];

export const REMOTE_ID_MAX = 40;
/** `mfe-` then a lower-case word or words joined by hyphens (lengths are checked before the pattern). */
export const REMOTE_ID_PATTERN = /^mfe-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const ROUTE_PATH_MAX = 80;
/** `/segment[/segment]`, lower-case words joined by hyphens: no parameter, no wildcard, no dot. */
export const ROUTE_PATH_PATTERN = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
export const MODULE_NAME_MAX = 60;
export const MODULE_NAME_PATTERN = /^[A-Z][A-Za-z0-9]*$/;
export const FEATURE_MAX = 60;
export const TITLE_MAX = 80;
export const NAV_LABEL_MAX = 40;

export const isRemoteId = (id: string): boolean => id.length <= REMOTE_ID_MAX && REMOTE_ID_PATTERN.test(id);

/** The Module Federation container name of a remote: its id with underscores (decision 4). */
export const mfNameOf = (id: string): string => id.replace(/-/g, '_');

interface AppShape {
  mfName: string;
  feature: string;
  routes: readonly { path: string; area: string; module: string; title: string; nav?: string }[];
}

/**
 * Why a remote's descriptor is refused (null when it is sound): the shell checks it before it registers
 * the container or adds a page, since release.json is the only place it learns about the remote.
 * The container name must be the id's own, so an added remote can never stand in for another.
 */
export function appProblem(id: string, app: AppShape): string | null {
  if (!isRemoteId(id)) return `${id.slice(0, REMOTE_ID_MAX)} is not a remote id`;
  if (app.mfName !== mfNameOf(id)) return `${id}'s container must be named ${mfNameOf(id)}`;
  if (app.feature.length > FEATURE_MAX) return `${id}'s feature name is longer than ${FEATURE_MAX}`;
  for (const r of app.routes) {
    if (r.path.length > ROUTE_PATH_MAX || !ROUTE_PATH_PATTERN.test(r.path)) return `${id}: ${r.path.slice(0, ROUTE_PATH_MAX)} is not a page path`;
    if (r.module.length > MODULE_NAME_MAX || !MODULE_NAME_PATTERN.test(r.module)) return `${id}: ${r.module.slice(0, MODULE_NAME_MAX)} is not a module name`;
    if (!(ADDED_REMOTE_AREAS as readonly string[]).includes(r.area)) return `${id}: ${r.path} is in no area an added remote may use`;
    if (r.title.length > TITLE_MAX || (r.nav !== undefined && r.nav.length > NAV_LABEL_MAX)) return `${id}: ${r.path}'s title or nav label is too long`;
  }
  return null;
}
