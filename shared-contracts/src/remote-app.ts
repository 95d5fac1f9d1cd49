// The rules a remote added after the shell was built must meet (docs/decisions/0050), kept free of
// zod and React: the release reader runs the id's (remote-id.ts, on every page's path), remote-app-check.ts the rest
// (fetched only when release.json names such a remote), and scripts/create-remote.mjs applies the same
// patterns (tests/create-remote.test.mjs checks that they agree).

export { ADDED_REMOTE_AREAS, isRemoteId, REMOTE_ID_MAX, REMOTE_ID_PATTERN, type AddedRemoteArea } from './remote-id';
export const ROUTE_PATH_MAX = 80;
/** `/segment[/segment]`, lower-case words joined by hyphens: no parameter, no wildcard, no dot. */
export const ROUTE_PATH_PATTERN = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
export const MODULE_NAME_MAX = 60;
export const MODULE_NAME_PATTERN = /^[A-Z][A-Za-z0-9]*$/;
export const FEATURE_MAX = 60;
export const TITLE_MAX = 80;
export const NAV_LABEL_MAX = 40;

/** The Module Federation container name of a remote: its id with underscores (decision 4). */
export const mfNameOf = (id: string): string => id.replace(/-/g, '_');
