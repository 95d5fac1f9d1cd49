/**
 * What a remote's release state means, in one place for every door to it: the release CLI and the
 * portal server's console (deploy), the api's store for its tests, and the console page (shell).
 * Plain functions, not on the login page's path (the shell imports them from the console's chunk only).
 */

/** True when nobody is on the canary: share 0 and no targeted company (what an abort leaves). */
export function canaryIsOff(c: { percent: number; companies: readonly unknown[] } | null | undefined): boolean {
  return !!c && c.percent <= 0 && c.companies.length === 0;
}

/** Why a canary at share 0 is not promoted, and what to do instead (the CLI and the console say the same). */
export function offCanaryPromotion(remote: string, version: string): string {
  return (
    `${remote}'s canary ${version} is at share 0 (aborted or paused): nobody runs it, so nothing shows it works now. ` +
    `Give it a share again first (Set share in the release console, or pnpm release canary ${remote} ${version} --percent 10), ` +
    `watch its figures, then promote it`
  );
}
