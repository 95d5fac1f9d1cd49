/**
 * A guarded canary's fate, decided on figures alone (no store, no clock of its own): the loop that
 * runs it every minute reads the figures of stable and canary over the same window and acts on the
 * answer. The error rate is load failures plus render errors per page view, as the api reports it.
 *
 * The figures come from anonymous telemetry, so they are evidence, never authority (DESIGN.md
 * section 3, docs/decisions/0029): each sender (a client address, IPv6 by /64, or a signed-in user)
 * counts for a bounded share; a verdict needs enough distinct senders on both sides; and a verdict
 * that would not hold without the largest sender of either side waits.
 */

import { GUARD_DEFAULTS } from '@portal/shared-contracts/release-state';

export interface GuardSettings {
  /** How many percentage points the canary's error rate may exceed stable's before it is aborted. */
  marginPoints: number;
  /** Page views the canary needs in the window before any decision: below it, nothing is done. */
  minPageViews: number;
  /** Distinct senders the canary and stable each need before any decision (absent in older releases: the default). */
  minSenders?: number | undefined;
  /** Promote a canary that has stayed healthy this long (milliseconds); null never promotes. */
  autoPromoteAfterMs: number | null;
}

export const DEFAULT_GUARD: GuardSettings & { minSenders: number } = { ...GUARD_DEFAULTS, autoPromoteAfterMs: null };

/** One sender's counted share of a version's figures. */
export interface SenderShare {
  pageViews: number;
  failures: number;
}

/** What the guard needs of one version's figures (the api's `guardFiguresOver`). */
export interface GuardFigures {
  pageViews: number;
  loadFailures: number;
  renderErrors: number;
  /** Distinct senders of the page views (unknown counts as none). */
  senders?: number;
  /** The largest senders' shares (by page views, by failures): the verdict must hold without each. */
  largest?: readonly SenderShare[];
}

export type GuardAction = 'abort' | 'keep' | 'promote';

export interface GuardDecision {
  action: GuardAction;
  /** One line for the log and the release history. */
  reason: string;
  /** Kept although the figures say abort or promote: the side whose largest sender alone decides them. */
  waitingOn?: 'canary' | 'stable';
  canaryErrorRate: number;
  stableErrorRate: number;
}

export function errorRate(f: GuardFigures | null | undefined): number {
  if (!f || f.pageViews <= 0) return 0;
  return (f.loadFailures + f.renderErrors) / f.pageViews;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const describe = (name: string, f: GuardFigures | null | undefined) =>
  `${name} ${pct(errorRate(f))} (${(f?.loadFailures ?? 0) + (f?.renderErrors ?? 0)} errors in ${f?.pageViews ?? 0} page views, ${plural(f?.senders ?? 0, 'sender')})`;

export interface GuardInput {
  stable: GuardFigures | null | undefined;
  canary: GuardFigures | null | undefined;
  settings?: Partial<GuardSettings>;
  /** How long the canary has run under the guard (milliseconds), for auto-promotion. */
  runningForMs?: number;
}

/** How far the canary's error rate is over stable's, in points rounded to a hundredth (so 2.000000001 is not "over 2"). */
const excessPoints = (canary: GuardFigures | null | undefined, stable: GuardFigures | null | undefined) =>
  Math.round((errorRate(canary) - errorRate(stable)) * 100 * 100) / 100;

/** A version's figures without one sender's share. */
function without(f: GuardFigures | null | undefined, share: SenderShare): GuardFigures {
  const failures = (f?.loadFailures ?? 0) + (f?.renderErrors ?? 0);
  return { pageViews: Math.max(0, (f?.pageViews ?? 0) - share.pageViews), loadFailures: Math.max(0, failures - share.failures), renderErrors: 0 };
}

/**
 * - fewer canary page views than the minimum: keep (never act on a small sample);
 * - fewer distinct senders than the minimum on the canary or on stable: keep;
 * - canary error rate above stable's by more than the margin: abort;
 * - otherwise healthy: promote once it has run `autoPromoteAfterMs`, else keep;
 * - an abort or a promotion that would not follow without the largest sender of the canary or of
 *   stable (by page views, by failures): keep, and say so.
 */
export function decide(input: GuardInput): GuardDecision {
  const given = Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, v]) => v !== undefined));
  const s = { ...DEFAULT_GUARD, ...given } as Required<GuardSettings>;
  const { canary, stable } = input;
  const rates = { canaryErrorRate: errorRate(canary), stableErrorRate: errorRate(stable) };
  const views = canary?.pageViews ?? 0;
  if (views < s.minPageViews) {
    return { action: 'keep', reason: `${views} canary page views, fewer than the ${s.minPageViews} a decision needs`, ...rates };
  }
  const figures = `${describe('canary', canary)} vs ${describe('stable', stable)}`;
  const senders = { canary: canary?.senders ?? 0, stable: stable?.senders ?? 0 };
  if (senders.canary < s.minSenders || senders.stable < s.minSenders) {
    return {
      action: 'keep',
      reason: `${plural(senders.canary, 'canary sender')} and ${plural(senders.stable, 'stable sender')}, fewer than the ${s.minSenders} a decision needs on each side: ${figures}`,
      ...rates,
    };
  }
  const over = (c: GuardFigures | null | undefined, st: GuardFigures | null | undefined) => excessPoints(c, st) > s.marginPoints;
  const abort = over(canary, stable);
  const promote = !abort && s.autoPromoteAfterMs !== null && (input.runningForMs ?? 0) >= s.autoPromoteAfterMs;
  if (abort || promote) {
    const sides = [
      ['canary', canary?.largest ?? [], (share: SenderShare) => over(without(canary, share), stable)],
      ['stable', stable?.largest ?? [], (share: SenderShare) => over(canary, without(stable, share))],
    ] as const;
    for (const [side, largest, overWithout] of sides) {
      for (const share of largest) {
        if (overWithout(share) === abort) continue;
        const then = abort ? 'not be aborted' : 'be aborted, not promoted';
        return {
          action: 'keep',
          reason: `waiting: without its largest ${side} sender (${share.pageViews} page views, ${share.failures} failures) the canary would ${then}: ${figures}`,
          waitingOn: side,
          ...rates,
        };
      }
    }
  }
  if (abort) {
    return { action: 'abort', reason: `error rate ${figures}: ${excessPoints(canary, stable)} points over stable, more than the ${s.marginPoints} allowed`, ...rates };
  }
  if (promote) return { action: 'promote', reason: `healthy for ${formatDuration(s.autoPromoteAfterMs!)}: ${figures}`, ...rates };
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
