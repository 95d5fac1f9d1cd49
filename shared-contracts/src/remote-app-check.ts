import {
  ADDED_REMOTE_AREAS,
  FEATURE_MAX,
  isRemoteId,
  mfNameOf,
  MODULE_NAME_MAX,
  MODULE_NAME_PATTERN,
  NAV_LABEL_MAX,
  REMOTE_ID_MAX,
  ROUTE_PATH_MAX,
  ROUTE_PATH_PATTERN,
  TITLE_MAX,
} from './remote-app';

// A module of its own: the shell fetches it only when release.json names a remote it was not built
// with, so that the login page's start-up does not carry it (docs/decisions/0050).
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
