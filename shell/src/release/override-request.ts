/** Where the confirmed development overrides are kept (./overrides reads and writes it). */
export const OVERRIDES_KEY = 'portal.remoteOverrides';

/**
 * Whether this page has anything to do with development overrides: a link's `override` or
 * `override-reset` parameter, or overrides this browser keeps. Only then does the shell fetch the
 * override code (./overrides, the banner, the confirmation): no visitor of a release pays for it.
 */
export function overridesInPlay(search: string, storage: Storage): boolean {
  const params = new URLSearchParams(search);
  if (params.has('override') || params.has('override-reset')) return true;
  try {
    return storage.getItem(OVERRIDES_KEY) !== null;
  } catch {
    return false;
  }
}
