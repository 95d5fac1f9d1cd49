/**
 * What a remote's release state means, in one place for every door to it: the release CLI and the
 * portal server's console (deploy), the api's store for its tests, and the console page (shell).
 * Plain functions, not on the login page's path (the shell imports them from the console's chunk only).
 */

/**
 * A guarded canary's defaults (docs/decisions/0029): aborted past 2 points over stable's error rate,
 * and nothing decided before 200 canary page views from at least 10 distinct senders on each side (a
 * sender is a client address, IPv6 by /64, or a signed-in user). A guard recorded without
 * `minSenders` (before senders were counted) takes this one.
 */
export const GUARD_DEFAULTS = { marginPoints: 2, minPageViews: 200, minSenders: 10 } as const;

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

/** Why a canary already at share 0 is not aborted again. */
export function canaryAlreadyOff(remote: string, version: string): string {
  return `${remote}'s canary ${version} is already at share 0`;
}

/** The fields of a release history line that tell an abort from what replaced it. */
interface HistoryLine {
  action: string;
  remote: string;
  version: string;
  from?: string | null | undefined;
}

/**
 * The history line that set a remote's canary to share 0, when it is the one in force: the latest
 * abort of that version, unless a later `canary` of the version restarted it. `newestFirst` as the
 * console shows the history (the store keeps it oldest first: reverse it).
 */
export function abortOf<E extends HistoryLine>(newestFirst: Iterable<E>, remote: string, canaryVersion: string): E | null {
  for (const e of newestFirst) {
    if (e.remote !== remote) continue;
    if (e.action === 'abort-canary' && e.from === canaryVersion) return e;
    if (e.action === 'canary' && e.version === canaryVersion) return null;
  }
  return null;
}

/** "45s", "5m", "3h", "2d": how long ago a release changed (`pnpm release status` and the console say it alike); "-" when unknown. */
export function age(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '-';
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (!Number.isFinite(s)) return '-';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}
