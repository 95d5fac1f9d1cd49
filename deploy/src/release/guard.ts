/**
 * A guarded canary's fate, decided on figures alone (no store, no clock of its own): the loop that
 * runs it every minute reads the figures of stable and canary over the same window and acts on the
 * answer. The error rate is load failures plus render errors per page view, as the api reports it.
 */

export interface GuardSettings {
  /** How many percentage points the canary's error rate may exceed stable's before it is aborted. */
  marginPoints: number;
  /** Page views the canary needs in the window before any decision: below it, nothing is done. */
  minPageViews: number;
  /** Promote a canary that has stayed healthy this long (milliseconds); null never promotes. */
  autoPromoteAfterMs: number | null;
}

export const DEFAULT_GUARD: GuardSettings = { marginPoints: 2, minPageViews: 200, autoPromoteAfterMs: null };

/**
 * Failures of the canary the guard needs before it aborts, whatever the rates: the api counts at most
 * 3 failures per browser and 20 per address in half an hour (`FIGURES_BUDGET`), so 7 are at least
 * three browsers' worth, and one browser's flood of made-up failures never aborts a canary.
 */
export const MIN_FAILURES_TO_ABORT = 7;

/** What the guard needs of one version's figures (a subset of the api's `VersionHealth`). */
export interface GuardFigures {
  pageViews: number;
  loadFailures: number;
  renderErrors: number;
}

export type GuardAction = 'abort' | 'keep' | 'promote';

export interface GuardDecision {
  action: GuardAction;
  /** One line for the log and the release history. */
  reason: string;
  canaryErrorRate: number;
  stableErrorRate: number;
}

export function errorRate(f: GuardFigures | null | undefined): number {
  if (!f || f.pageViews <= 0) return 0;
  return (f.loadFailures + f.renderErrors) / f.pageViews;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const describe = (name: string, f: GuardFigures | null | undefined) =>
  `${name} ${pct(errorRate(f))} (${(f?.loadFailures ?? 0) + (f?.renderErrors ?? 0)} errors in ${f?.pageViews ?? 0} page views)`;

export interface GuardInput {
  stable: GuardFigures | null | undefined;
  canary: GuardFigures | null | undefined;
  settings?: Partial<GuardSettings>;
  /** How long the canary has run under the guard (milliseconds), for auto-promotion. */
  runningForMs?: number;
}

/**
 * - fewer canary page views than the minimum: keep (never act on a small sample);
 * - canary error rate above stable's by more than the margin: abort, once the canary has at least
 *   `MIN_FAILURES_TO_ABORT` failures (else keep);
 * - otherwise healthy: promote once it has run `autoPromoteAfterMs`, else keep.
 */
export function decide(input: GuardInput): GuardDecision {
  const s: GuardSettings = { ...DEFAULT_GUARD, ...input.settings };
  const canaryRate = errorRate(input.canary);
  const stableRate = errorRate(input.stable);
  const rates = { canaryErrorRate: canaryRate, stableErrorRate: stableRate };
  const views = input.canary?.pageViews ?? 0;
  if (views < s.minPageViews) {
    return { action: 'keep', reason: `${views} canary page views, fewer than the ${s.minPageViews} a decision needs`, ...rates };
  }
  const figures = `${describe('canary', input.canary)} vs ${describe('stable', input.stable)}`;
  // Compared in points, rounded to a hundredth of a point so 2.000000001 is not "over 2".
  const excessPoints = Math.round((canaryRate - stableRate) * 100 * 100) / 100;
  const failures = (input.canary?.loadFailures ?? 0) + (input.canary?.renderErrors ?? 0);
  if (excessPoints > s.marginPoints && failures < MIN_FAILURES_TO_ABORT) {
    return { action: 'keep', reason: `${failures} canary failures, fewer than the ${MIN_FAILURES_TO_ABORT} an abort needs: ${figures}`, ...rates };
  }
  if (excessPoints > s.marginPoints) {
    return { action: 'abort', reason: `error rate ${figures}: ${excessPoints} points over stable, more than the ${s.marginPoints} allowed`, ...rates };
  }
  if (s.autoPromoteAfterMs !== null && (input.runningForMs ?? 0) >= s.autoPromoteAfterMs) {
    return { action: 'promote', reason: `healthy for ${formatDuration(s.autoPromoteAfterMs)}: ${figures}`, ...rates };
  }
  return { action: 'keep', reason: `healthy: ${figures}`, ...rates };
}

/** `90s`, `30m`, `24h`, `2d` (or a bare number of minutes) to milliseconds; null for anything else. */
export function parseDuration(raw: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)?\s*$/i.exec(raw);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase();
  const ms = n * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 's' | 'm' | 'h' | 'd'];
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : null;
}

export function formatDuration(ms: number): string {
  if (ms >= 2 * 86_400_000 && ms % 86_400_000 === 0) return `${ms / 86_400_000}d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.round(ms / 1000)}s`;
}
