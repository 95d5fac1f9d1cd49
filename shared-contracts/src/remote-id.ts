// What the release reader (on the login page's path) checks of a remote the shell was not built with:
// its id and the areas its pages may use (docs/decisions/0050). The rest of the rules are in
// remote-app.ts, off that path.

/** The areas an added remote may draw pages in: the signed-in layouts, never the public pages. */
export const ADDED_REMOTE_AREAS = ['setup', 'employer', 'superAdmin'] as const;
export type AddedRemoteArea = (typeof ADDED_REMOTE_AREAS)[number];

export const REMOTE_ID_MAX = 40;
/** `mfe-` then a lower-case word or words joined by hyphens (lengths are checked before the pattern). */
export const REMOTE_ID_PATTERN = /^mfe-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const isRemoteId = (id: string): boolean => id.length <= REMOTE_ID_MAX && REMOTE_ID_PATTERN.test(id);
